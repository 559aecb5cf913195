/// One lexical token of Swift source, with the line it starts on.
///
/// The checker needs far less than a Swift parser: it needs to know which words are real
/// code (not inside a comment or a string literal), where attributes and compiler directives
/// are, and the braces that open and close scopes. String and regex literals keep no text (a
/// number keeps its digits, for `#if swift(>=5.9)`); comments produce no token at all.
struct Token: Hashable, Sendable, CustomStringConvertible {
    /// What kind of token this is.
    enum Kind: Hashable, Sendable {
        /// A name or keyword: `import`, `public`, `Foundation`, `$0`.
        case identifier
        /// A name in backticks (`` `import` ``): never a keyword. The text has no backticks.
        case escapedIdentifier
        /// `@name`: the text is the name without `@` (`testable`, `_spi`, `MainActor`).
        case attribute
        /// `#name`: the text is the name without `#` (`if`, `elseif`, `else`, `endif`).
        case directive
        /// One punctuation or operator character: `{ } ( ) [ ] . , : ; = < >` and so on.
        case punctuation
        /// A string, number or regex literal; a string's or regex's content is dropped.
        case literal
    }

    /// What kind of token this is.
    let kind: Kind
    /// The token's text (see ``Kind`` for what each kind keeps).
    let text: String
    /// The 1-based line the token starts on.
    let line: Int

    /// Whether this is the unescaped word `word` (a keyword position candidate).
    func isWord(_ word: String) -> Bool {
        kind == .identifier && text == word
    }

    /// Whether this is the punctuation character `character`.
    func isPunctuation(_ character: String) -> Bool {
        kind == .punctuation && text == character
    }

    /// Whether this token can be a name: an identifier or an escaped identifier.
    var isName: Bool {
        kind == .identifier || kind == .escapedIdentifier
    }

    var description: String {
        switch kind {
        case .identifier: text
        case .escapedIdentifier: "`\(text)`"
        case .attribute: "@\(text)"
        case .directive: "#\(text)"
        case .punctuation: text
        case .literal: text.isEmpty ? "<literal>" : text
        }
    }
}

extension Array where Element == Token {
    /// The token at `index`, or `nil` past either end.
    subscript(safe index: Int) -> Token? {
        indices.contains(index) ? self[index] : nil
    }

    /// The index just past the balanced group that opens at `index` (`(` … `)`), or `index`
    /// itself when no group opens there. An unbalanced group runs to the end.
    func indexAfterGroup(at index: Int, open: String = "(", close: String = ")") -> Int {
        guard self[safe: index]?.isPunctuation(open) == true else { return index }
        var depth = 0
        var cursor = index
        while cursor < count {
            if self[cursor].isPunctuation(open) { depth += 1 }
            if self[cursor].isPunctuation(close) {
                depth -= 1
                if depth == 0 { return cursor + 1 }
            }
            cursor += 1
        }
        return count
    }

    /// The source text of tokens `range`, joined without spaces (for `_spi(Testing)`).
    func joinedText(_ range: Range<Int>) -> String {
        self[range].map(\.description).joined()
    }
}
