/// A declaration whose effective access is `public` or `open`.
struct PublicDeclaration: Hashable, Sendable {
    /// The introducer keyword: `class`, `actor`, `struct`, `protocol`, `func`, `extension`, …
    let introducer: String
    /// The declared name (for `init`, `subscript` and `deinit`, the keyword itself).
    let name: String
    /// `public` or `open`.
    let access: String
    /// Whether the access comes from an enclosing `public extension` rather than a modifier.
    let inheritsAccessFromExtension: Bool
    /// Attributes as written without `@` (`MainActor`, `_spi(Testing)`).
    let attributes: [String]
    /// The 1-based line of the introducer keyword.
    let line: Int
}

/// Finds public and open declarations in Swift source, using ``SwiftTokenizer``.
///
/// It reads modifiers and attributes in front of each declaration keyword (`@MainActor public
/// final class`, `@_spi(Testing) public actor`), tells the `class` modifier (`public class
/// func`) from the `class` declaration, and knows that members of a `public extension` are
/// public unless they say otherwise. Braces are tracked only to know which scope is a public
/// extension's body.
enum DeclarationScanner {
    /// Keywords that introduce a declaration.
    static let introducers: Set<String> = [
        "class", "struct", "enum", "protocol", "actor", "extension", "typealias", "func", "var", "let",
        "init", "deinit", "subscript", "case", "associatedtype", "operator", "precedencegroup", "macro",
    ]
    /// Modifiers that may precede an introducer (access levels handled separately).
    static let modifiers: Set<String> = [
        "final", "static", "override", "required", "convenience", "mutating", "nonmutating", "lazy",
        "weak", "unowned", "dynamic", "optional", "indirect", "nonisolated", "distributed", "prefix",
        "postfix", "infix", "consuming", "borrowing", "isolated",
    ]
    /// Access-level modifiers.
    static let accessLevels: Set<String> = ["open", "public", "package", "internal", "fileprivate", "private"]

    private enum Scope { case publicExtension, other }

    /// The public and open declarations of `source`, in order.
    static func publicDeclarations(in source: String) -> [PublicDeclaration] {
        publicDeclarations(in: SwiftTokenizer.tokens(of: source))
    }

    /// The public and open declarations in `tokens`, in order.
    static func publicDeclarations(in tokens: [Token]) -> [PublicDeclaration] {
        var result: [PublicDeclaration] = []
        var attributes: [String] = []
        var access: String?
        var scopes: [Scope] = []
        var nextScope: Scope?
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .attribute {
                let end = tokens.indexAfterGroup(at: index + 1)
                attributes.append(token.text + tokens.joinedText((index + 1)..<end))
                index = end
                continue
            }
            if token.isPunctuation("{") || token.isPunctuation("}") {
                if token.text == "{" { scopes.append(nextScope ?? .other) } else { _ = scopes.popLast() }
                nextScope = nil
            } else if token.kind == .identifier, isModifier(tokens, at: index) {
                if accessLevels.contains(token.text) {
                    let end = tokens.indexAfterGroup(at: index + 1)  // `private(set)` is a setter's access
                    if end == index + 1 { access = token.text }
                    index = end
                } else {
                    index += 1
                }
                continue
            } else if token.kind == .identifier, introducers.contains(token.text) {
                let inherited = access == nil && scopes.last == .publicExtension
                let effective = access ?? (inherited ? "public" : nil)
                if let effective, effective == "public" || effective == "open" {
                    result.append(PublicDeclaration(
                        introducer: token.text, name: declaredName(tokens, after: index), access: effective,
                        inheritsAccessFromExtension: inherited, attributes: attributes, line: token.line
                    ))
                }
                let isPublic = effective == "public" || effective == "open"
                nextScope = token.text == "extension" && isPublic ? .publicExtension : .other
            }
            attributes = []
            access = nil
            index += 1
        }
        return result
    }

    /// Whether the word at `index` is a modifier here rather than an introducer or a name.
    ///
    /// `class` is a modifier when a member declaration follows (`class func`); `open` is a
    /// modifier only in modifier position (not `func open(`, `case open`, `.open`).
    private static func isModifier(_ tokens: [Token], at index: Int) -> Bool {
        let word = tokens[index].text
        let next = tokens[safe: index + 1]
        switch word {
        case "class":
            guard let next, next.kind == .identifier else { return false }
            return ["func", "var", "let", "subscript"].contains(next.text) || modifiers.contains(next.text)
        case "open":
            let previous = tokens[safe: index - 1]
            if let previous, previous.isPunctuation(".") || ["func", "case", "var", "let"].contains(previous.text) {
                return false
            }
            guard let next else { return false }
            return next.kind == .attribute
                || (next.kind == .identifier && (introducers.contains(next.text) || modifiers.contains(next.text)))
        default:
            return accessLevels.contains(word) || modifiers.contains(word)
        }
    }

    /// The name after an introducer: the next name token, or the introducer itself.
    private static func declaredName(_ tokens: [Token], after index: Int) -> String {
        let introducer = tokens[index].text
        if ["init", "deinit", "subscript"].contains(introducer) { return introducer }
        guard let next = tokens[safe: index + 1], next.isName else { return introducer }
        return next.text
    }
}
