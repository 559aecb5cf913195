/// One declaration found in Swift source, with its effective access and where it sits.
struct Declaration: Hashable, Sendable {
    /// The introducer keyword: `class`, `actor`, `struct`, `protocol`, `func`, `extension`, …
    let introducer: String
    /// The declared name (for `init`, `subscript` and `deinit`, the keyword itself); for an
    /// extension, the extended type's path as written (`DataError.Code`).
    let name: String
    /// The effective access: the modifier written, `public` inherited from an enclosing
    /// `public extension`, or `nil` when none applies (internal, or the enclosing default).
    let access: String?
    /// Whether the access comes from an enclosing `public extension` rather than a modifier.
    let inheritsAccessFromExtension: Bool
    /// Attributes as written without `@` (`MainActor`, `_spi(Testing)`).
    let attributes: [String]
    /// For a type, protocol or extension: the names in its inheritance clause, each the last
    /// component of its path (`StrataData.ValueObjectStore` gives `ValueObjectStore`), without
    /// generic arguments, suppressed protocols (`~Copyable`) or constraints after `where`.
    let inheritance: [String]
    /// The types (and extended types) the declaration is a member of, outermost first: empty at
    /// file scope, `nil` for a declaration local to a function, closure or accessor body.
    let enclosingTypes: [String]?
    /// The 1-based line of the introducer keyword.
    let line: Int
    /// Whether `static` or `class` was written in front: a member of the type, not of an instance.
    var isStatic = false
    /// The index of the introducer keyword in the tokens it was found in.
    var tokenIndex = 0

    /// Whether the effective access is `public` or `open`.
    var isPublic: Bool { access == "public" || access == "open" }
    /// Whether the declaration sits at file scope (a free function or global, for `func`/`var`/`let`).
    var isAtFileScope: Bool { enclosingTypes?.isEmpty == true }
    /// Whether the declaration is marked `@_spi(…)`.
    var isSPI: Bool { attributes.contains { $0.hasPrefix("_spi") } }
    /// The name with its enclosing types (`DataError.Code`); for an extension, the extended type.
    var qualifiedName: String { ((enclosingTypes ?? []) + [name]).joined(separator: ".") }
}

/// Finds declarations in Swift source, using ``SwiftTokenizer``.
///
/// It reads modifiers and attributes in front of each declaration keyword (`@MainActor public
/// final class`, `@_spi(Testing) public actor`), tells the `class` modifier (`public class
/// func`) from the `class` declaration, knows that members of a `public extension` are public
/// unless they say otherwise, and reads inheritance clauses. Braces are tracked to know which
/// scope is a type's or extension's body, and which declarations sit at file scope.
enum DeclarationScanner {
    /// Keywords that introduce a declaration.
    static let introducers: Set<String> = [
        "class", "struct", "enum", "protocol", "actor", "extension", "typealias", "func", "var", "let",
        "init", "deinit", "subscript", "case", "associatedtype", "operator", "precedencegroup", "macro",
    ]
    /// Introducers whose body is a type's scope and that may have an inheritance clause.
    static let typeIntroducers: Set<String> = ["class", "struct", "enum", "protocol", "actor", "extension"]
    /// Modifiers that may precede an introducer (access levels handled separately).
    static let modifiers: Set<String> = [
        "final", "static", "override", "required", "convenience", "mutating", "nonmutating", "lazy",
        "weak", "unowned", "dynamic", "optional", "indirect", "nonisolated", "distributed", "prefix",
        "postfix", "infix", "consuming", "borrowing", "isolated",
    ]

    /// A `{ … }` scope: a type's or extension's body (with the name components it adds), or any
    /// other body.
    private struct Scope {
        var typeName: [String]?
        var isPublicExtension = false
    }

    /// The public and open declarations of `source`, in order.
    static func publicDeclarations(in source: String) -> [Declaration] {
        declarations(in: SwiftTokenizer.tokens(of: source)).filter(\.isPublic)
    }

    /// The public and open declarations in `tokens`, in order.
    static func publicDeclarations(in tokens: [Token]) -> [Declaration] {
        declarations(in: tokens).filter(\.isPublic)
    }

    /// Every declaration of `source`, in order.
    static func declarations(in source: String) -> [Declaration] {
        declarations(in: SwiftTokenizer.tokens(of: source))
    }

    /// Every declaration in `tokens`, in order.
    static func declarations(in tokens: [Token]) -> [Declaration] {
        var result: [Declaration] = []
        var prefix = DeclarationPrefix()
        var scopes: [Scope] = []
        var nextScope: Scope?
        var index = 0
        while index < tokens.count {
            if prefix.consumeAttribute(tokens, at: &index) { continue }
            let token = tokens[index]
            if token.isPunctuation("{") || token.isPunctuation("}") {
                if token.text == "{" { scopes.append(nextScope ?? Scope()) } else { _ = scopes.popLast() }
                nextScope = nil
            } else if token.kind == .identifier, isModifier(tokens, at: index) {
                if DeclarationPrefix.accessLevels.contains(token.text) {
                    let end = tokens.indexAfterGroup(at: index + 1)  // `private(set)` is a setter's access
                    if end == index + 1 { prefix.access = token.text }
                    index = end
                } else {
                    if token.text == "static" || token.text == "class" { prefix.isStatic = true }
                    index += 1
                }
                continue
            } else if token.kind == .identifier, introducers.contains(token.text) {
                let inherited = prefix.access == nil && scopes.last?.isPublicExtension == true
                let enclosing = scopes.allSatisfy { $0.typeName != nil } ? scopes.flatMap { $0.typeName ?? [] } : nil
                let isType = typeIntroducers.contains(token.text)
                let declaration = Declaration(
                    introducer: token.text, name: declaredName(tokens, after: index),
                    access: prefix.access ?? (inherited ? "public" : nil), inheritsAccessFromExtension: inherited,
                    attributes: prefix.attributes, inheritance: isType ? inheritedNames(tokens, after: index) : [],
                    enclosingTypes: enclosing, line: token.line, isStatic: prefix.isStatic, tokenIndex: index
                )
                result.append(declaration)
                nextScope = Scope(
                    typeName: isType ? declaration.name.split(separator: ".").map(String.init) : nil,
                    isPublicExtension: token.text == "extension" && declaration.isPublic
                )
            }
            prefix.reset()
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
            return DeclarationPrefix.accessLevels.contains(word) || modifiers.contains(word)
        }
    }

    /// The name after an introducer: the next name token (for an extension, the dotted path),
    /// or the introducer itself.
    private static func declaredName(_ tokens: [Token], after index: Int) -> String {
        let introducer = tokens[index].text
        if ["init", "deinit", "subscript"].contains(introducer) { return introducer }
        guard let next = tokens[safe: index + 1], next.isName else { return introducer }
        guard introducer == "extension" else { return next.text }
        var path = [next.text]
        var cursor = index + 2
        while tokens[safe: cursor]?.isPunctuation(".") == true, let part = tokens[safe: cursor + 1], part.isName {
            path.append(part.text)
            cursor += 2
        }
        return path.joined(separator: ".")
    }

    /// The inheritance clause of the type or extension introduced at `index`: from the `:`
    /// after the name (and its generic parameters) to the body's `{` or a `where`.
    private static func inheritedNames(_ tokens: [Token], after index: Int) -> [String] {
        var cursor = index + 1
        if tokens[safe: cursor]?.isName == true { cursor += 1 }  // the name, dotted for an extension
        while tokens[safe: cursor]?.isPunctuation(".") == true, tokens[safe: cursor + 1]?.isName == true {
            cursor += 2
        }
        cursor = tokens.indexAfterGroup(at: cursor, open: "<", close: ">")
        guard tokens[safe: cursor]?.isPunctuation(":") == true else { return [] }
        cursor += 1
        var names: [String] = []
        var angleDepth = 0
        while let token = tokens[safe: cursor] {
            if token.isPunctuation("{") || token.isPunctuation("}") || token.isPunctuation(";") { break }
            if token.kind == .identifier,
               token.text == "where" || introducers.contains(token.text) || DeclarationPrefix.accessLevels.contains(token.text) {
                break
            }
            if token.kind == .attribute {  // `@unchecked Sendable`, `@preconcurrency P`, `@retroactive P`
                cursor = tokens.indexAfterGroup(at: cursor + 1)
                continue
            }
            if token.isPunctuation("<") { angleDepth += 1 }
            if token.isPunctuation(">") { angleDepth -= 1 }
            if angleDepth == 0, token.isName, !(token.kind == .identifier && ["any", "some"].contains(token.text)),
               tokens[safe: cursor - 1]?.isPunctuation("~") != true,
               tokens[safe: cursor + 1]?.isPunctuation(".") != true {
                names.append(token.text)
            }
            cursor += 1
        }
        return names
    }
}
