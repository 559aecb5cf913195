/// The command form's help, read from the declaration: the usage line and the discussion that
/// lists every argument and option with its help, then the examples.
extension RouteDeclaration {
    /// The usage line after `USAGE:` (`strata-host reports update <id> [--age <years>] … [--json]`).
    ///
    /// - Parameter program: the program's name (`strata-host`).
    public func usage(program: String) -> String {
        var words = [program, family, command ?? name]
        if identifier != nil { words.append(Self.idMarker) }
        for parameter in parameters {
            let spelled = parameter.isFlag && parameter.negatable ? "--[no-]\(parameter.option)" : parameter.spelled
            words.append(parameter.required ? spelled : "[\(spelled)]")
        }
        if json != nil { words.append("[--json]") }
        // After `USAGE: `, which ArgumentParser prints before it, indenting each further line by 7.
        return Self.wrap(words.joined(separator: " "), indent: "", first: 7, indentWidth: 7)
    }

    /// The help after the abstract: ``discussion``, each argument and option with its help
    /// (`(required)` or `(default: 50)` added), then the examples.
    public var helpDiscussion: String {
        var rows: [(String, String)] = []
        if let identifier { rows.append((Self.idMarker, identifier.help)) }
        for parameter in parameters {
            var help = parameter.help
            if parameter.required { help += " (required)" }
            if let value = parameter.defaultValue { help += " (default: \(value))" }
            switch parameter.kind {
            case .choice(let words) where parameter.valueName == nil:
                help += " One of: \(words.joined(separator: ", "))."
            case .choices(let words): help += " Repeat for several: \(words.joined(separator: ", "))."
            default: break
            }
            rows.append((parameter.isFlag && parameter.negatable ? "--\(parameter.option)/--no-\(parameter.option)" : parameter.spelled, help))
        }
        if let json { rows.append(("--json", json)) }
        let width = max(24, (rows.map(\.0.count).max() ?? 0) + 2)
        var sections: [String] = []
        if let discussion, !discussion.isEmpty { sections.append(Self.wrap(discussion, indent: "")) }
        if destructive {
            sections.append(
                Self.wrap(
                    "Typed here it runs at once; its link (\(pattern)) is refused unless a running strata-host "
                        + "asks first.", indent: ""))
        }
        if !rows.isEmpty {
            let indent = String(repeating: " ", count: width + 2)
            sections.append(
                "Arguments and options:\n"
                    + rows.map { row in
                        let help = Self.wrap(row.1, indent: indent, first: width + 2)
                        return "  " + row.0 + String(repeating: " ", count: width - row.0.count) + help
                    }.joined(separator: "\n"))
        }
        if !examples.isEmpty {
            let lines = examples.map { "  " + Self.wrap($0, indent: "      ", first: 2, continuation: " \\") }
            sections.append((examples.count == 1 ? "Example:\n" : "Examples:\n") + lines.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }

    /// The help's line length: ArgumentParser wraps longer lines itself, losing the indent.
    static let helpColumns = 79

    /// `text` broken at spaces into lines of at most ``helpColumns``: the first starts at
    /// column `first`, the others with `indent`; each broken line ends in `continuation`.
    /// `indentWidth`: the further lines' indent when the printer adds it (default: `indent`'s).
    static func wrap(
        _ text: String, indent: String, first: Int = 0, continuation: String = "", indentWidth: Int? = nil
    ) -> String {
        var lines: [String] = []
        var line = ""
        var start = first
        // A quoted phrase ("stable, no further visits") or a bracketed option ([--age <years>]) is
        // one word: a line never breaks inside it.
        var words: [String] = []
        for piece in text.split(separator: " ", omittingEmptySubsequences: false) {
            if let last = words.last,
                last.filter({ $0 == "\"" }).count % 2 == 1 || last.filter({ $0 == "[" }).count > last.filter({ $0 == "]" }).count
            {
                words[words.count - 1] = last + " " + piece
            } else {
                words.append(String(piece))
            }
        }
        for word in words {
            let candidate = line.isEmpty ? String(word) : line + " " + word
            if !line.isEmpty && start + candidate.count + continuation.count > helpColumns {
                lines.append(line + continuation)
                line = String(word)
                start = indentWidth ?? indent.count
            } else {
                line = candidate
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n" + indent)
    }
}
