extension TerminalText {
    /// The number of terminal columns `text` takes: East Asian wide characters (kanji, kana,
    /// hangul, full-width forms) count two, combining marks none, everything else one — what
    /// aligns a column of Japanese labels or patient names.
    ///
    /// ```swift
    /// TerminalText.displayWidth("due today")  // 9
    /// TerminalText.displayWidth("本日期限")     // 8
    /// ```
    public static func displayWidth(_ text: String) -> Int {
        text.unicodeScalars.reduce(0) { width, scalar in width + columns(of: scalar) }
    }

    /// `text` followed by spaces up to `width` columns (``displayWidth(_:)``); unchanged when
    /// it is already as wide.
    public static func padded(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - displayWidth(text)))
    }

    private static func columns(of scalar: Unicode.Scalar) -> Int {
        // Printable ASCII is one column and never a mark or a format character: no look-up of its
        // general category (a table search per character of every table a one-shot command prints).
        if (0x20..<0x7F).contains(scalar.value) { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
