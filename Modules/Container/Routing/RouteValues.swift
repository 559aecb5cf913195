import StrataCrossCutting

/// Reads a matched route's params by their declared kinds, naming the parameter in every error.
///
/// The micro-app passes how its errors are made (`{ DomainError(.invalidInput, $0) }`), so a
/// refused value is the error it always was.
///
/// ```swift
/// let values = RouteValues(params, declaration: list, failure: { DomainError(.invalidInput, $0) })
/// let page = try values.wholeNumber("page")        // the declared default (1) when not given
/// ```
public struct RouteValues: Sendable {
    /// The start's params.
    public let params: [String: String]
    /// The declaration they matched.
    public let declaration: RouteDeclaration
    let failure: @Sendable (String) -> any Error

    /// Reads `params` by `declaration`'s parameters; `failure` makes the error for a line.
    public init(
        _ params: [String: String], declaration: RouteDeclaration, failure: @escaping @Sendable (String) -> any Error
    ) {
        self.params = params
        self.declaration = declaration
        self.failure = failure
    }

    /// The text given for `name` (an empty one too), else the declared default.
    public func text(_ name: String) -> String? { params[name] ?? declaration.parameter(name)?.defaultValue }

    /// The whole number given for `name` (else the declared default; `nil` for none or empty),
    /// checked against the declared range when it is enforced.
    ///
    /// - Throws: the failure `page 'x' is not a whole number`, `page must be 1 or more (got 0)`,
    ///   `pageSize must be between 1 and 1000 (got 5000)`.
    public func wholeNumber(_ name: String) throws -> Int? {
        guard let text = text(name), !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            throw failure(localized("\(name) '\(text)' is not a whole number", ja: "\(name) '\(text)' は整数ではありません"))
        }
        if case .wholeNumber(let range, enforced: true)? = declaration.parameter(name)?.kind, !range.contains(value) {
            throw failure(Self.outOfRange(name, value: String(value), range))
        }
        return value
    }

    /// The word given for `name` (else the declared default), one of the declared choices.
    ///
    /// - Throws: the failure `scope 'x' is unknown; expected one of: mine, group, all`.
    public func choice(_ name: String) throws -> String? {
        guard let text = text(name), !text.isEmpty else { return nil }
        guard case .choice(let words)? = declaration.parameter(name)?.kind, !words.contains(text) else { return text }
        let names = words.joined(separator: ", ")
        throw failure(
            localized(
                "\(name) '\(text)' is unknown; expected one of: \(names)",
                ja: "\(name) '\(text)' は不明です。次のいずれかを指定してください: \(names)"))
    }

    /// `name must be 1 or more (got 0)`, `name must be between 1 and 1000 (got 5000)`.
    static func outOfRange(_ name: String, value: String, _ range: ClosedRange<Int>) -> String {
        range.upperBound == Int.max
            ? "\(name) must be \(range.lowerBound) or more (got \(value))"
            : "\(name) must be between \(range.lowerBound) and \(range.upperBound) (got \(value))"
    }
}
