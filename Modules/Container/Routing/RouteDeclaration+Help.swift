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
        return words.joined(separator: " ")
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
            if case .choices = parameter.kind { help += " Repeat for several." }
            rows.append((parameter.isFlag && parameter.negatable ? "--\(parameter.option)/--no-\(parameter.option)" : parameter.spelled, help))
        }
        if let json { rows.append(("--json", json)) }
        let width = max(24, (rows.map(\.0.count).max() ?? 0) + 2)
        var sections: [String] = []
        if let discussion, !discussion.isEmpty { sections.append(discussion) }
        if !rows.isEmpty {
            sections.append(
                "Arguments and options:\n"
                    + rows.map { "  " + $0.0 + String(repeating: " ", count: width - $0.0.count) + $0.1 }.joined(separator: "\n"))
        }
        if !examples.isEmpty {
            sections.append((examples.count == 1 ? "Example:\n" : "Examples:\n") + examples.map { "  " + $0 }.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n")
    }
}
