import StrataCrossCutting

/// One line of a full screen cut to the terminal's width, counted in display columns.
///
/// East Asian wide characters (kanji, kana, full-width forms) take two columns
/// (`TerminalText.displayWidth(_:)`); a grapheme (a letter and its combining marks, an emoji
/// sequence) is kept or dropped whole, and so is an escape sequence (`ESC [ … final`), which
/// takes no column: a cut never leaves half a character or half an escape on the terminal.
///
/// ```swift
/// ScreenLine.cut("患者 Hanako Sato", to: 6)  // "患者 …"
/// ```
public enum ScreenLine {
    /// The escape that starts a control sequence.
    static let escape: Character = "\u{1B}"

    /// `line` in at most `columns` display columns, ending in `…` when something was cut
    /// (`columns` 0 or less: unchanged, the width is unknown).
    public static func cut(_ line: String, to columns: Int) -> String {
        guard columns > 0, width(of: line) > columns else { return line }
        var result = ""
        var used = 0
        var sequences = ""
        for piece in pieces(of: line) {
            if piece.isEscape {
                // Kept even past the cut, so a colour switched off at the end is still switched off.
                sequences += piece.text
                continue
            }
            let next = TerminalText.displayWidth(piece.text)
            guard used + next <= columns - 1 else { break }
            result += sequences + piece.text
            sequences = ""
            used += next
        }
        return result + "…" + trailingEscapes(of: line, after: result)
    }

    /// The display columns `line` takes, escape sequences not counted.
    public static func width(of line: String) -> Int {
        pieces(of: line).reduce(0) { total, piece in piece.isEscape ? total : total + TerminalText.displayWidth(piece.text) }
    }

    /// `line` with each tab replaced by the spaces up to the next tab stop (every 8 columns), as
    /// the terminal would move the cursor: a cut line then takes the columns it was measured at.
    public static func expandingTabs(_ line: String) -> String {
        guard line.contains("\t") else { return line }
        var result = ""
        var column = 0
        for piece in pieces(of: line) {
            if piece.text == "\t" {
                let spaces = 8 - column % 8
                result += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                result += piece.text
                if !piece.isEscape { column += TerminalText.displayWidth(piece.text) }
            }
        }
        return result
    }

    /// `line` padded with spaces to exactly `columns` display columns (cut first when wider).
    public static func filled(_ line: String, to columns: Int) -> String {
        guard columns > 0 else { return line }
        let fitted = cut(line, to: columns)
        return fitted + String(repeating: " ", count: max(0, columns - width(of: fitted)))
    }

    /// A piece of a line: one grapheme, or one whole escape sequence.
    struct Piece {
        var text: String
        var isEscape: Bool
    }

    /// `line` as graphemes and escape sequences (CSI `ESC [ params final`, or `ESC` and one character).
    static func pieces(of line: String) -> [Piece] {
        var pieces: [Piece] = []
        var index = line.startIndex
        while index < line.endIndex {
            let character = line[index]
            guard character == escape else {
                pieces.append(Piece(text: String(character), isEscape: false))
                index = line.index(after: index)
                continue
            }
            var end = line.index(after: index)
            if end < line.endIndex, line[end] == "[" {
                end = line.index(after: end)
                // Parameter and intermediate bytes, then one final byte (0x40–0x7E).
                while end < line.endIndex, let value = line[end].asciiValue, (0x20...0x3F).contains(value) {
                    end = line.index(after: end)
                }
                if end < line.endIndex { end = line.index(after: end) }
            } else if end < line.endIndex {
                end = line.index(after: end)
            }
            pieces.append(Piece(text: String(line[index..<end]), isEscape: true))
            index = end
        }
        return pieces
    }

    /// The escape sequences of `line` after the part kept: they still apply (a reset of the colours).
    private static func trailingEscapes(of line: String, after kept: String) -> String {
        let keptCount = pieces(of: kept).count
        return pieces(of: line).dropFirst(keptCount).filter(\.isEscape).map(\.text).joined()
    }
}
