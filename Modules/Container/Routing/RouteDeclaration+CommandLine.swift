import StrataCrossCutting

/// A command line a declared route refused: one line naming the argument and what was expected.
public struct RouteUsageError: Error, Sendable, CustomStringConvertible {
    /// The line.
    public let message: String

    /// A refusal saying `message`.
    public init(_ message: String) { self.message = message }

    /// The line.
    public var description: String { message }
}

/// A command line read by a ``RouteDeclaration``: the id, the parameters' values by name (as the
/// URL carries them: `true`/`false` for flags, several choices joined with commas) and `--json`.
public struct RouteArguments: Sendable, Equatable {
    /// The path's id, when the route has one.
    public var id: String?
    /// Each given parameter's value, by name.
    public var values: [String: String]
    /// Whether `--json` was given.
    public var json: Bool

    /// Arguments with these parts.
    public init(id: String? = nil, values: [String: String] = [:], json: Bool = false) {
        self.id = id
        self.values = values
        self.json = json
    }
}

/// The command form: reading a command line's words, and the URL's path and query they make.
extension RouteDeclaration {
    /// Reads the words after the command's name (`--patient-name X --age 42 --json`).
    ///
    /// Every value option takes the next word as its value, whatever it looks like
    /// (`--memo -x`); `--name=value` works too. Checked here, each failure one line naming the
    /// option: an unknown option, a missing value or argument, a value of the wrong kind
    /// (`The value 'abc' is invalid for '--page <n>': it is not a number`), a negative number,
    /// a number out of an enforced range, a word not among the choices, a bad id, nothing to
    /// update, and the declaration's own ``usageCheck``.
    ///
    /// - Throws: ``RouteUsageError``.
    public func commandLine(_ words: [String]) throws -> RouteArguments {
        var arguments = RouteArguments()
        var rest = words[...]
        while let word = rest.popFirst() {
            guard word.hasPrefix("--"), word.count > 2 else {
                guard identifier != nil, arguments.id == nil else {
                    throw RouteUsageError("Unexpected argument '\(TerminalText.escaped(word))'")
                }
                arguments.id = word
                continue
            }
            let (option, inline) = Self.split(word)
            if json != nil, option == "json", inline == nil {
                arguments.json = true
            } else if let parameter = parameters.first(where: { $0.option == option }) {
                if parameter.isFlag {
                    guard inline == nil else { throw RouteUsageError("The flag '--\(option)' does not take a value") }
                    arguments.values[parameter.name] = "true"
                } else if let value = inline ?? rest.popFirst() {
                    let read = try Self.read(value, for: parameter)
                    if case .choices = parameter.kind, let earlier = arguments.values[parameter.name] {
                        arguments.values[parameter.name] = earlier + "," + read
                    } else {
                        arguments.values[parameter.name] = read
                    }
                } else {
                    throw RouteUsageError("Missing value for '\(parameter.spelled)'")
                }
            } else if option.hasPrefix("no-"), inline == nil,
                let parameter = parameters.first(where: { $0.isFlag && $0.negatable && $0.option == option.dropFirst(3) })
            {
                arguments.values[parameter.name] = "false"
            } else {
                throw RouteUsageError("Unknown option '\(TerminalText.escaped(word))'")
            }
        }
        try check(arguments)
        return arguments
    }

    /// The URL's path segments for `arguments` (the id put in for `<id>`).
    public func path(_ arguments: RouteArguments) -> [String] { path(id: arguments.id) }

    /// The URL's query items for `arguments`, in the parameters' order (`format` is the caller's, from ``RouteArguments/json``).
    public func query(_ arguments: RouteArguments) -> [(String, String)] {
        parameters.compactMap { parameter in arguments.values[parameter.name].map { (parameter.name, $0) } }
    }

    /// The params a scheme handler gives the micro-app for `arguments`: `path`, every value and
    /// `format=json` with `--json` (what ``match(_:in:)`` reads back).
    public func params(_ arguments: RouteArguments) -> [String: String] {
        var params = arguments.values
        params[LaunchParameters.pathKey] = path(arguments).joined(separator: "/")
        if arguments.json { params[Self.formatKey] = "json" }
        return params
    }

    private func check(_ arguments: RouteArguments) throws {
        if let identifier {
            guard let id = arguments.id else { throw RouteUsageError("Missing expected argument '<id>'") }
            if let problem = Self.identifierProblem(id, name: identifier.name, expected: identifier.expected) {
                throw RouteUsageError(problem)
            }
        }
        for parameter in parameters where parameter.required && arguments.values[parameter.name] == nil {
            throw RouteUsageError("Missing expected argument '\(parameter.spelled)'")
        }
        if needsOneParameter && arguments.values.isEmpty {
            let options = parameters.map(\.spelledBoth).joined(separator: ", ")
            throw RouteUsageError(
                localized(
                    "nothing to update: give at least one of \(options)",
                    ja: "更新する内容がありません: \(options) のいずれかを指定してください"))
        }
        if let problem = usageCheck?(arguments.values) { throw RouteUsageError(problem) }
    }

    /// `value` as the URL carries it, once it reads as `parameter`'s kind.
    private static func read(_ value: String, for parameter: RouteParameter) throws -> String {
        let option = "--\(parameter.option)"
        let invalid = RouteUsageError(
            OutputSink.explained("The value '\(TerminalText.escaped(value))' is invalid for '\(parameter.spelled)'"))
        let unit = parameter.valueName.flatMap { $0.count > 1 ? $0 : nil }
        switch parameter.kind {
        case .text, .day, .flag:
            return value
        case .identifier(let expected):
            if let problem = identifierProblem(value, name: option, expected: expected) { throw RouteUsageError(problem) }
            return value
        case .wholeNumber(let range, let enforced):
            guard let number = Int(value) else { throw invalid }
            if number < 0 && range.lowerBound >= 0 {
                let upper = range.upperBound == Int.max ? nil : String(range.upperBound)
                throw RouteUsageError(
                    "\(option) \(number): a negative value is not allowed; expected "
                        + RouteParameter.expected(String(range.lowerBound), upper, unit: unit))
            }
            if enforced, !range.contains(number) {
                throw RouteUsageError(RouteValues.outOfRange(option, value: String(number), range))
            }
            return value
        case .number(let range):
            guard let number = Double(value), number.isFinite else { throw invalid }
            if number < 0 && range.lowerBound >= 0 {
                throw RouteUsageError(
                    "\(option) \(shown(number)): a negative value is not allowed; expected "
                        + RouteParameter.expected(shown(range.lowerBound), shown(range.upperBound), unit: unit))
            }
            return value
        case .choice(let words), .choices(let words):
            if let accepts = parameter.accepts { if accepts(value) { return value } }
            else if let word = words.first(where: { $0.lowercased() == value.lowercased() }) { return word }
            let names = words.joined(separator: ", ")
            let shownValue = TerminalText.escaped(value)
            if case .choices = parameter.kind {
                throw RouteUsageError(
                    localized(
                        "The value '\(shownValue)' is invalid for '\(parameter.spelled)'; expected one of: \(names)",
                        ja: "'\(parameter.spelled)' の値 '\(shownValue)' は無効です。次のいずれかを指定してください: \(names)"))
            }
            throw RouteUsageError(
                localized(
                    "\(option) must be one of \(names) (got \(shownValue))",
                    ja: "\(option) には \(names) のいずれかを指定してください (指定値: \(shownValue))"))
        }
    }

    /// Why `id` is no id (empty or blank, a control character, a `/` that would reach another
    /// route: `reports show ID/delete` must never delete), or `nil`.
    ///
    /// - Parameters:
    ///   - name: the argument as people see it (`the report id`, `--report`).
    ///   - expected: what a valid id is.
    public static func identifierProblem(_ id: String, name: String, expected: String) -> String? {
        guard !id.allSatisfy(\.isWhitespace) else {
            return localized("\(name) is empty; expected \(expected)", ja: "\(name)が空です。\(expected)を指定してください")
        }
        if let (scalar, position) = TerminalText.firstControl(in: id) {
            return "\(name) '\(TerminalText.escaped(id))' holds the control character \(TerminalText.describe(scalar)) "
                + "at position \(position); expected \(expected)"
        }
        guard !id.contains("/") else {
            return "\(name) '\(id)' holds a '/', which no id does; expected \(expected)"
        }
        return nil
    }

    /// A number as people write it: `-1`, `-0.5`.
    static func shown(_ value: Double) -> String {
        value.isFinite && abs(value) < 1e15 && value.rounded() == value ? String(Int64(value)) : String(value)
    }

    /// `--name=value` as (`name`, `value`); `--name` as (`name`, `nil`).
    private static func split(_ word: String) -> (String, String?) {
        let body = word.dropFirst(2)
        guard let equals = body.firstIndex(of: "=") else { return (String(body), nil) }
        return (String(body[..<equals]), String(body[body.index(after: equals)...]))
    }
}
