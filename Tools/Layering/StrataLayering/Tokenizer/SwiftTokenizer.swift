/// A small Swift tokenizer: enough lexing to find imports and declarations reliably.
///
/// It skips `//` comments and nested `/* */` comments, string literals of every form
/// (`"…"`, multi-line `"""…"""`, raw `#"…"#` with any number of `#`, with `\(…)`
/// interpolations that may hold further strings), extended regex literals `#/…/#`, and a
/// leading `#!` line. Line numbers count every newline, including those inside comments and
/// literals.
///
/// Interpolations nested deeper than ``maximumInterpolationDepth`` are skipped by counting
/// parentheses rather than lexed, so no source, however hostile, runs the tokenizer out of stack.
///
/// A bare regex literal (`/import Core/`) is skipped too, as Swift lexes one: a `/` in prefix
/// position (after whitespace, a line start or an opening bracket, separator or operator, and
/// followed by neither whitespace nor `/` `*`) that a second unescaped `/` closes on the same
/// line; after `func` or `operator` a `/` names the operator.
struct SwiftTokenizer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    /// The last token returned, which decides whether a `/` may start a regex literal.
    private var previous: Token?
    /// How many `\(…)` interpolations enclose the current position.
    private var interpolationDepth = 0

    /// The deepest interpolation lexed as code (real code nests a handful).
    static let maximumInterpolationDepth = 64

    /// Tokenizes `source`.
    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// Every token of the source, in order.
    static func tokens(of source: String) -> [Token] {
        var tokenizer = SwiftTokenizer(source)
        return tokenizer.all()
    }

    /// Every token from the current position to the end.
    mutating func all() -> [Token] {
        if peek(0) == UInt8(ascii: "#"), peek(1) == UInt8(ascii: "!") { skipLineComment() }
        var result: [Token] = []
        while let token = next() { result.append(token) }
        return result
    }

    /// The next token, or `nil` at the end of the source.
    mutating func next() -> Token? {
        let token = lexNext()
        previous = token
        return token
    }

    private mutating func lexNext() -> Token? {
        while index < bytes.count {
            let byte = bytes[index]
            let startLine = line
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), 0x0B, 0x0C:
                index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"):
                skipLineComment()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"):
                skipBlockComment()
            case UInt8(ascii: "/") where regexLiteralEnd() != nil:
                index = regexLiteralEnd() ?? index
                return Token(kind: .literal, text: "", line: startLine)
            case UInt8(ascii: "\""):
                skipString(hashes: 0)
                return Token(kind: .literal, text: "", line: startLine)
            case UInt8(ascii: "#"):
                return lexHash(startLine: startLine)
            case UInt8(ascii: "@"):
                index += 1
                return Token(kind: .attribute, text: readName(), line: startLine)
            case UInt8(ascii: "`"):
                index += 1
                let name = readName()
                if peek(0) == UInt8(ascii: "`") { index += 1 }
                return Token(kind: .escapedIdentifier, text: name, line: startLine)
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = index
                skipNumber()
                return Token(kind: .literal, text: String(decoding: bytes[start..<index], as: UTF8.self), line: startLine)
            default:
                if Self.isNameByte(byte) || byte == UInt8(ascii: "$") {
                    return Token(kind: .identifier, text: readName(), line: startLine)
                }
                index += 1
                return Token(kind: .punctuation, text: String(decoding: [byte], as: UTF8.self), line: startLine)
            }
        }
        return nil
    }

    // MARK: - Names, numbers, directives

    /// Whether `byte` can continue a name (ASCII letters, digits, `_`, any non-ASCII byte).
    static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), 0x80...:
            true
        default:
            false
        }
    }

    private mutating func readName() -> String {
        let start = index
        if peek(0) == UInt8(ascii: "$") { index += 1 }
        while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipNumber() {
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isNameByte(byte) {
                index += 1
            } else if byte == UInt8(ascii: "."), let after = peek(1),
                      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(after) {
                index += 1
            } else {
                return
            }
        }
    }

    /// `#` starts a raw string (`#"`), an extended regex (`#/`), or a directive (`#if`).
    private mutating func lexHash(startLine: Int) -> Token {
        var hashes = 0
        while peek(hashes) == UInt8(ascii: "#") { hashes += 1 }
        if peek(hashes) == UInt8(ascii: "\"") {
            index += hashes
            skipString(hashes: hashes)
            return Token(kind: .literal, text: "", line: startLine)
        }
        if peek(hashes) == UInt8(ascii: "/") {
            index += hashes
            skipRegex(hashes: hashes)
            return Token(kind: .literal, text: "", line: startLine)
        }
        index += 1
        if let byte = peek(0), Self.isNameByte(byte) {
            return Token(kind: .directive, text: readName(), line: startLine)
        }
        return Token(kind: .punctuation, text: "#", line: startLine)
    }

    // MARK: - Comments

    private mutating func skipLineComment() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    }

    /// Skips a `/* … */` comment; Swift block comments nest.
    private mutating func skipBlockComment() {
        var depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), peek(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
    }

    // MARK: - Literals

    /// Skips a string literal whose opening `#`s (`hashes` of them) are already consumed and
    /// whose opening quote is at the current position.
    private mutating func skipString(hashes: Int) {
        let quote = UInt8(ascii: "\"")
        let quotes = matches(quote, count: 3, thenHashes: 0) ? 3 : 1
        index += quotes
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote, matches(quote, count: quotes, thenHashes: hashes) {
                index += quotes + hashes
                return
            }
            if byte == UInt8(ascii: "\\"), matches(UInt8(ascii: "\\"), count: 1, thenHashes: hashes) {
                index += 1 + hashes
                if peek(0) == UInt8(ascii: "(") {
                    skipInterpolation()
                } else if index < bytes.count {
                    if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                continue
            }
            if byte == UInt8(ascii: "\n") {
                line += 1
                if quotes == 1 { index += 1; return }  // unterminated: recover at the line end
            }
            index += 1
        }
    }

    /// Skips `( … )` of a string interpolation: real code that may hold strings and comments.
    private mutating func skipInterpolation() {
        guard interpolationDepth < Self.maximumInterpolationDepth else { return skipParentheses() }
        interpolationDepth += 1
        defer { interpolationDepth -= 1 }
        var depth = 0
        while let token = next() {
            if token.isPunctuation("(") { depth += 1 }
            if token.isPunctuation(")") {
                depth -= 1
                if depth == 0 { return }
            }
        }
    }

    /// Skips `( … )` by counting parentheses, without lexing what is inside.
    private mutating func skipParentheses() {
        var depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("): depth += 1
            case UInt8(ascii: ")"): depth -= 1
            case UInt8(ascii: "\n"): line += 1
            default: break
            }
            index += 1
            if depth == 0 { return }
        }
    }

    /// Skips an extended regex literal `#/ … /#` whose `#`s are consumed; `/` is current.
    private mutating func skipRegex(hashes: Int) {
        index += 1
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), matches(UInt8(ascii: "/"), count: 1, thenHashes: hashes) {
                index += 1 + hashes
                return
            }
            if bytes[index] == UInt8(ascii: "\\") { index += 1 }
            if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
    }

    /// When the `/` at the current position starts a bare regex literal, the index just past
    /// its closing `/`; otherwise `nil` (a division or another operator).
    private func regexLiteralEnd() -> Int? {
        guard let after = peek(1), ![UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"),
                                      UInt8(ascii: "/"), UInt8(ascii: "*")].contains(after) else { return nil }
        if let previous, previous.isWord("func") || previous.isWord("operator") { return nil }
        if index > 0 {
            let before = bytes[index - 1]
            let spaced = [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(before)
            guard spaced || Array("([{,:;=!&|?^~<>+-%".utf8).contains(before) else { return nil }
        }
        var cursor = index + 1
        var inClass = 0
        while cursor < bytes.count {
            switch bytes[cursor] {
            case UInt8(ascii: "\n"): return nil
            case UInt8(ascii: "\\"): cursor += 1
            case UInt8(ascii: "["): inClass += 1
            case UInt8(ascii: "]"): inClass = max(0, inClass - 1)
            case UInt8(ascii: "/") where inClass == 0: return cursor + 1
            default: break
            }
            cursor += 1
        }
        return nil
    }

    // MARK: - Helpers

    private func peek(_ offset: Int) -> UInt8? {
        let position = index + offset
        return position < bytes.count ? bytes[position] : nil
    }

    /// Whether the bytes at the current position are `byte` repeated `count` times, then
    /// `hashes` `#` characters.
    private func matches(_ byte: UInt8, count: Int, thenHashes hashes: Int) -> Bool {
        for offset in 0..<count where peek(offset) != byte { return false }
        for offset in count..<(count + hashes) where peek(offset) != UInt8(ascii: "#") { return false }
        return true
    }
}
