/// The condition of an `#if` or `#elseif` branch: `os(Linux) && !DEBUG`, parsed from its tokens.
///
/// Atoms keep their text without spaces (`os(Linux)`, `canImport(Darwin)`, `swift(>=5.9)`,
/// `DEBUG`); ``evaluate(_:)`` decides them from ``ConditionFacts`` and says `nil` for what the
/// facts do not decide, so an unknown condition keeps every branch counted.
indirect enum BuildCondition: Hashable, Sendable {
    /// A flag or a platform test (`os(…)`, `canImport(…)`, `arch(…)`, `swift(>=…)`, `compiler(<…)`, …).
    case atom(String)
    /// `true` or `false`, or an `#else` branch.
    case constant(Bool)
    /// `!condition`.
    case not(BuildCondition)
    /// `a && b && …`.
    case all([BuildCondition])
    /// `a || b || …`.
    case any([BuildCondition])

    /// The condition spelled by `tokens` (those after `#if` or `#elseif`), or one unknown atom of
    /// their text when they do not parse.
    static func parse(_ tokens: [Token]) -> BuildCondition {
        parsed(tokens) ?? .atom(tokens.map(\.description).joined())
    }

    /// The condition `tokens` spell, or `nil` when they do not parse.
    static func parsed(_ tokens: [Token]) -> BuildCondition? {
        var parser = Parser(tokens: tokens)
        guard let condition = parser.disjunction(), parser.cursor == tokens.count else { return nil }
        return condition
    }

    /// The value under `facts`: `true`, `false`, or `nil` when the facts do not decide it.
    func evaluate(_ facts: ConditionFacts) -> Bool? {
        switch self {
        case .atom(let text): return facts.value(of: text)
        case .constant(let value): return value
        case .not(let inner): return inner.evaluate(facts).map { !$0 }
        case .all(let parts):
            let values = parts.map { $0.evaluate(facts) }
            if values.contains(false) { return false }
            return values.contains(nil) ? nil : true
        case .any(let parts):
            let values = parts.map { $0.evaluate(facts) }
            if values.contains(true) { return true }
            return values.contains(nil) ? nil : false
        }
    }

    /// A recursive-descent parser over the tokenizer's one-character punctuation.
    private struct Parser {
        let tokens: [Token]
        var cursor = 0

        mutating func disjunction() -> BuildCondition? {
            guard var parts = conjunction().map({ [$0] }) else { return nil }
            while pair("|") {
                guard let next = conjunction() else { return nil }
                parts.append(next)
            }
            return parts.count == 1 ? parts[0] : .any(parts)
        }

        mutating func conjunction() -> BuildCondition? {
            guard var parts = unary().map({ [$0] }) else { return nil }
            while pair("&") {
                guard let next = unary() else { return nil }
                parts.append(next)
            }
            return parts.count == 1 ? parts[0] : .all(parts)
        }

        mutating func unary() -> BuildCondition? {
            if tokens[safe: cursor]?.isPunctuation("!") == true {
                cursor += 1
                return unary().map { .not($0) }
            }
            return primary()
        }

        mutating func primary() -> BuildCondition? {
            guard let token = tokens[safe: cursor] else { return nil }
            if token.isPunctuation("(") {
                cursor += 1
                guard let inner = disjunction(), tokens[safe: cursor]?.isPunctuation(")") == true else { return nil }
                cursor += 1
                return inner
            }
            guard token.kind == .identifier else { return nil }
            cursor += 1
            if token.text == "true" || token.text == "false" { return .constant(token.text == "true") }
            guard tokens[safe: cursor]?.isPunctuation("(") == true else { return .atom(token.text) }
            let end = tokens.indexAfterGroup(at: cursor)
            guard end > cursor + 1, tokens[end - 1].isPunctuation(")") else { return nil }
            let text = token.text + tokens.joinedText(cursor..<end)
            cursor = end
            return .atom(text)
        }

        /// Consumes `c c` (`&&`, `||`) when it comes next.
        private mutating func pair(_ character: String) -> Bool {
            guard tokens[safe: cursor]?.isPunctuation(character) == true,
                  tokens[safe: cursor + 1]?.isPunctuation(character) == true else { return false }
            cursor += 2
            return true
        }
    }
}

extension BuildCondition {
    /// Whether the condition can hold only when `module` can be imported: it is
    /// `canImport(module)` (or of a submodule, `canImport(C.os.lock)` for `C`, or with a
    /// `_version:`), or every way it can hold needs that. `!canImport(M)` and
    /// `canImport(M) || DEBUG` do not.
    func requiresImportable(_ module: String) -> Bool {
        switch self {
        case .atom(let text):
            guard text.hasPrefix("canImport(") else { return false }
            let argument = text.dropFirst("canImport(".count).prefix { $0 != "," && $0 != ")" }
            return argument.split(separator: ".").first.map(String.init) == module
        case .constant, .not: return false
        case .all(let parts): return parts.contains { $0.requiresImportable(module) }
        case .any(let parts): return parts.allSatisfy { $0.requiresImportable(module) }
        }
    }
}
