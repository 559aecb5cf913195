public import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The nearest of a list of names to a mistyped one: what "Did you mean …?" offers.
public enum NearestName {
    /// The name of `names` closest to `word` (fewest single-character insertions, deletions,
    /// substitutions or swaps of two neighbours), when it is close enough to be a typo: at
    /// most a third of the longer word's length (and at least one edit) away; the first in
    /// `names` order on a tie; `nil` when none is close.
    ///
    /// ```swift
    /// NearestName.nearest(to: "reprots", among: ["reports", "follows"])   // "reports"
    /// ```
    public static func nearest(to word: String, among names: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for name in names where name != word {
            let distance = self.distance(Array(word.lowercased()), Array(name.lowercased()))
            let allowed = max(1, max(word.count, name.count) / 3)
            guard distance <= allowed, distance < (best?.distance ?? .max) else { continue }
            best = (name, distance)
        }
        return best?.name
    }

    /// The optimal-string-alignment distance between `a` and `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}

extension CommandRunner {
    /// The line for a mistyped subcommand in `arguments` of `root`, or `nil`: following the
    /// named subcommands down from `root`, the first word (not an option) that names no
    /// subcommand of a command that has some, when one of them is near it
    /// (``NearestName/nearest(to:among:)``): `Unknown subcommand 'reprots'. Did you mean 'reports'?`.
    ///
    /// Words that are near no subcommand are left to ArgumentParser's own message (they may be
    /// an option's value or an argument of a default subcommand). With `optionsToo` (the parse
    /// found an unexpected argument), a word given to a command without subcommands that is
    /// near one of its options is that option without its dashes:
    /// `Unexpected argument 'verbos'. Did you mean '--verbose'?`.
    public static func mistypedSubcommand<Root: ParsableCommand>(
        _ root: Root.Type, arguments: [String], optionsToo: Bool = false
    ) -> String? {
        var command: any ParsableCommand.Type = root
        for word in arguments {
            if word == "--" { return nil }
            if word.hasPrefix("-") { continue }
            let subcommands = command.configuration.subcommands
            if subcommands.isEmpty {
                // A command without subcommands: a bare word near one of its options lacks its dashes.
                guard optionsToo, let near = NearestName.nearest(to: "--" + word, among: longOptions(of: command)) else { return nil }
                return "Unexpected argument '\(TerminalText.escaped(word))'. Did you mean '\(near)'?"
            }
            if let next = subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) {
                command = next
                continue
            }
            let atRoot = ObjectIdentifier(command) == ObjectIdentifier(root)
            let names = subcommands.map { $0._commandName } + (atRoot ? ["help"] : [])
            guard let near = NearestName.nearest(to: word, among: names) else { return nil }
            return "Unknown subcommand '\(TerminalText.escaped(word))'. Did you mean '\(near)'?"
        }
        return nil
    }

    /// The long options (`--verbose`) `command` declares, as ArgumentParser's help dump lists them.
    static func longOptions(of command: any ParsableCommand.Type) -> [String] {
        struct Dump: Decodable {
            struct Command: Decodable { let arguments: [Argument]? }
            struct Argument: Decodable { let names: [Name]? }
            struct Name: Decodable {
                let kind: String
                let name: String
            }
            let command: Command
        }
        guard let dump = try? JSONDecoder().decode(Dump.self, from: Data(command._dumpHelp().utf8)) else { return [] }
        return (dump.command.arguments ?? []).flatMap { ($0.names ?? []).filter { $0.kind == "long" }.map { "--" + $0.name } }
            .filter { $0 != "--help" && $0 != "--version" && $0 != "--experimental-dump-help" }
    }
}
