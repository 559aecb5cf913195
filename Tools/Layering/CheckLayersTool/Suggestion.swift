/// "Did you mean …?" for a word given without its dashes: the tool has no subcommands, so a
/// stray word near one of its options (`explain`, `fromat`) is that option mistyped.
enum Suggestion {
    /// The option `message` (ArgumentParser's `Unexpected argument 'W'`, or several) is about,
    /// when its first word `W` is near one of the tool's long options (`explian` → `--explain`), else `nil`.
    static func nearestOption(to arguments: [String], message: String) -> (word: String, option: String)? {
        // `Unexpected argument 'W'` or `2 unexpected arguments: 'W', 'V'`: the first word is the one.
        guard message.lowercased().contains("unexpected argument"), let open = message.firstIndex(of: "'") else { return nil }
        let rest = message[message.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        let word = String(rest[..<close])
        guard arguments.contains(word), !word.hasPrefix("-") else { return nil }
        let options = CheckLayersCommand.optionsWithValues.subtracting(["--plugin"])
            .union(["--graph-all", "--no-baseline", "--write-baseline", "--help", "--strict-baseline", "--no-cache"])
        var best: (option: String, distance: Int)?
        for option in options.sorted() {
            let name = String(option.dropFirst(2))
            let distance = Self.distance(Array(word.lowercased()), Array(name))
            guard distance <= max(1, max(word.count, name.count) / 3), distance < (best?.distance ?? .max) else { continue }
            best = (option, distance)
        }
        return best.map { (word, $0.option) }
    }

    /// The optimal-string-alignment distance between `a` and `b` (edits, swaps of neighbours included).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous2[j - 2] + 1) }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}
