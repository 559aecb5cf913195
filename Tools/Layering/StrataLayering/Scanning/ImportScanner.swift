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
    /// What must hold for the import to be compiled: the conditions of the `#if` branches
    /// around it (an `#else` or `#elseif` branch adds that the branches before it are false),
    /// or `nil` outside every `#if`.
    let condition: BuildCondition?

    /// Whether the import sits inside an `#if` / `#elseif` / `#else` branch. Every branch
    /// counts unless the policy's declared conditions make it dead (``isDead(given:)``): the
    /// checker is conservative, because CI builds only one platform.
    var isConditional: Bool { condition != nil }

    /// Whether the import is in a branch that `facts` make false: it is never compiled.
    func isDead(given facts: ConditionFacts) -> Bool {
        condition?.evaluate(facts) == false
    }
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
        var branches = BranchStack()
        var index = 0
        while index < tokens.count {
            if prefix.consumeAttribute(tokens, at: &index) { continue }
            let token = tokens[index]
            if token.kind == .identifier, DeclarationPrefix.accessLevels.contains(token.text) {
                prefix.access = token.text
                index += 1
                continue
            }
            if token.kind == .directive, ["if", "elseif", "else", "endif"].contains(token.text) {
                index = branches.read(tokens, at: index)
                prefix.reset()
                continue
            } else if token.isWord("import"), tokens[safe: index - 1]?.isPunctuation(".") != true,
                      let parsed = parsePath(tokens, from: index + 1) {
                result.append(ImportStatement(
                    module: parsed.path[0], path: parsed.path, kind: parsed.kind,
                    attributes: prefix.attributes, accessLevel: prefix.access, line: token.line,
                    condition: branches.condition
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

/// The `#if` branches open at a point of the source, innermost last.
struct BranchStack {
    /// One `#if … #endif` block: the branches before the current one (all false when it is
    /// compiled) and the current branch's condition.
    private var blocks: [(earlier: [BuildCondition], current: BuildCondition)] = []

    /// What must hold for code at this point to be compiled, or `nil` outside every `#if`.
    var condition: BuildCondition? {
        let parts = blocks.flatMap { block in block.earlier.map { .not($0) } + [block.current] }
        return parts.isEmpty ? nil : parts.count == 1 ? parts[0] : .all(parts)
    }

    /// Reads the directive at `index` (`#if`, `#elseif`, `#else`, `#endif`) with its condition
    /// (the tokens on its line, or inside its parentheses); returns the index after it.
    mutating func read(_ tokens: [Token], at index: Int) -> Int {
        let directive = tokens[index]
        var end = index + 1
        if directive.text == "if" || directive.text == "elseif" {
            var depth = 0
            while let token = tokens[safe: end], token.line == directive.line || depth > 0 {
                if token.isPunctuation("(") { depth += 1 }
                if token.isPunctuation(")") { depth -= 1 }
                end += 1
            }
        }
        let condition = BuildCondition.parse(Array(tokens[(index + 1)..<end]))
        switch directive.text {
        case "if":
            blocks.append(([], condition))
        case "elseif", "else":
            guard var block = blocks.popLast() else { break }
            block.earlier.append(block.current)
            block.current = directive.text == "else" ? .constant(true) : condition
            blocks.append(block)
        default:
            _ = blocks.popLast()
        }
        return end
    }
}
