/// One `import` declaration found in a source file.
struct ImportStatement: Hashable, Sendable {
    /// The imported module: the first path component (`import struct Foundation.Date` and
    /// `import Foundation.NSString` both import `Foundation`).
    let module: String
    /// The whole dotted path after the keyword (and after the kind, if any).
    let path: [String]
    /// The declaration kind of a scoped import (`struct`, `func`, …), or `nil`.
    let kind: String?
    /// Attributes as written without `@`: `testable`, `_spi(Testing)`, `preconcurrency`.
    let attributes: [String]
    /// The access level written before `import` (`public`, `package`, …), or `nil` (internal,
    /// since every target enables `InternalImportsByDefault`).
    let accessLevel: String?
    /// The 1-based line of the `import` keyword.
    let line: Int
    /// Whether the import sits inside an `#if` / `#elseif` / `#else` branch. Every branch
    /// counts: the checker is conservative, because CI builds only one platform.
    let isConditional: Bool
}

/// Finds every `import` declaration in Swift source, using ``SwiftTokenizer``.
///
/// An `import` inside a comment or a string literal is not a token, so it is never found.
/// The word `import` is only a declaration when it is not a member name (`x.import`), not an
/// argument label (`f(import: 1)`), and is followed by a module path.
enum ImportScanner {
    /// Words that may stand between `import` and the path in a scoped import.
    static let importKinds: Set<String> = ["typealias", "struct", "class", "enum", "protocol", "let", "var", "func"]
    /// The imports of `source`, in order.
    static func imports(in source: String) -> [ImportStatement] {
        imports(in: SwiftTokenizer.tokens(of: source))
    }

    /// The imports found in `tokens`, in order.
    static func imports(in tokens: [Token]) -> [ImportStatement] {
        var result: [ImportStatement] = []
        var prefix = DeclarationPrefix()
        var conditionalDepth = 0
        var index = 0
        while index < tokens.count {
            if prefix.consumeAttribute(tokens, at: &index) { continue }
            let token = tokens[index]
            if token.kind == .identifier, DeclarationPrefix.accessLevels.contains(token.text) {
                prefix.access = token.text
                index += 1
                continue
            }
            if token.kind == .directive {
                switch token.text {
                case "if": conditionalDepth += 1
                case "endif": conditionalDepth = max(0, conditionalDepth - 1)
                default: break
                }
            } else if token.isWord("import"), tokens[safe: index - 1]?.isPunctuation(".") != true,
                      let parsed = parsePath(tokens, from: index + 1) {
                result.append(ImportStatement(
                    module: parsed.path[0], path: parsed.path, kind: parsed.kind,
                    attributes: prefix.attributes, accessLevel: prefix.access, line: token.line,
                    isConditional: conditionalDepth > 0
                ))
                index = parsed.end
                prefix.reset()
                continue
            }
            prefix.reset()
            index += 1
        }
        return result
    }

    /// Parses `[kind] Name(.Name)*` starting at `start`; `nil` when no name follows.
    private static func parsePath(_ tokens: [Token], from start: Int) -> (kind: String?, path: [String], end: Int)? {
        var cursor = start
        var kind: String?
        if let word = tokens[safe: cursor], word.kind == .identifier, importKinds.contains(word.text),
           tokens[safe: cursor + 1]?.isName == true {
            kind = word.text
            cursor += 1
        }
        guard let first = tokens[safe: cursor], first.isName else { return nil }
        var path = [first.text]
        cursor += 1
        while tokens[safe: cursor]?.isPunctuation(".") == true, let next = tokens[safe: cursor + 1], next.isName,
              next.line == first.line {
            path.append(next.text)
            cursor += 2
        }
        return (kind, path, cursor)
    }
}
