/// The attributes and access modifier written in front of a declaration (`@_spi(Testing)
/// public`), collected token by token: what ``ImportScanner`` and ``DeclarationScanner`` share.
///
/// A scanner walks the tokens, lets ``consumeAttribute(_:at:)`` take each attribute, records an
/// access level in ``access``, reads both when it meets the declaration keyword, and calls
/// ``reset()`` after any other token.
struct DeclarationPrefix {
    /// Access-level modifiers a declaration (or an import) may carry.
    static let accessLevels: Set<String> = ["open", "public", "package", "internal", "fileprivate", "private"]

    /// Attributes as written without `@`, with their arguments: `testable`, `_spi(Testing)`.
    private(set) var attributes: [String] = []
    /// The access level written, or `nil`.
    var access: String?
    /// Whether a `static` (or `class`) modifier was written: a type member, not an instance one.
    var isStatic = false

    /// When the token at `index` is an attribute, records it with its parenthesized arguments,
    /// moves `index` past them and returns `true`; otherwise `false`.
    mutating func consumeAttribute(_ tokens: [Token], at index: inout Int) -> Bool {
        guard tokens[index].kind == .attribute else { return false }
        let end = tokens.indexAfterGroup(at: index + 1)
        attributes.append(tokens[index].text + tokens.joinedText((index + 1)..<end))
        index = end
        return true
    }

    /// Forgets what was collected: the next token is not a declaration's.
    mutating func reset() {
        attributes = []
        access = nil
        isStatic = false
    }
}
