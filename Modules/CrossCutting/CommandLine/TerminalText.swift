/// Text made safe to print on a terminal: the one escaping every Strata text output uses.
///
/// A value that reaches an output — a patient name from an old store, a notification's title,
/// a server's error, an id a person typed — may hold characters a terminal acts on: `ESC`
/// starts a sequence that can clear the screen or retitle the window, `CR` overwrites the
/// line, `BEL` rings, bidirectional overrides reorder what follows. ``escaped(_:)`` writes
/// each of them visibly as a Swift escape (`\u{1B}`, `\r`, `\t`, `\n`) and leaves every other
/// character as it is:
///
/// ```swift
/// TerminalText.escaped("Sato\u{1B}[2J")         // "Sato\u{1B}[2J" with a visible backslash
/// TerminalText.escapedKeepingLines("a\nb\u{7}")  // "a" newline "b\u{7}"
/// ```
///
/// The characters (``isControl(_:)``): C0 controls (U+0000–U+001F, line feed and tab
/// included), DEL and the C1 controls (U+007F–U+009F), the line and paragraph separators
/// (U+2028, U+2029), and the bidirectional marks, embeddings, overrides and isolates
/// (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069: every Bidi_Control character).
public enum TerminalText {
    /// `text` on one line: every control character escaped, line feeds and tabs included.
    ///
    /// Use it for one-line fields: names, ids, titles, values quoted in an error message.
    public static func escaped(_ text: String) -> String {
        escape(text, keepingLines: false)
    }

    /// `text` with its line feeds and tabs kept and every other control character escaped
    /// (a carriage return too). Use it for multi-line free text (a memo, a notification body)
    /// and for whole outputs made of several lines.
    public static func escapedKeepingLines(_ text: String) -> String {
        escape(text, keepingLines: true)
    }

    /// Whether a terminal may act on `scalar` (see ``TerminalText``'s list).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// The first control character of `text` (other than those in `allowed`) and its
    /// position counting characters' scalars from 1, or `nil` when there is none: what a
    /// validator names when it refuses a value.
    public static func firstControl(
        in text: String, allowing allowed: Set<Unicode.Scalar> = []
    ) -> (scalar: Unicode.Scalar, position: Int)? {
        for (offset, scalar) in text.unicodeScalars.enumerated() where isControl(scalar) && !allowed.contains(scalar) {
            return (scalar, offset + 1)
        }
        return nil
    }

    /// A control character as people can read it: `U+001B (ESC)`, `U+000A (line feed)`.
    public static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let names: [UInt32: String] = [
            0x00: "NUL", 0x07: "BEL", 0x08: "backspace", 0x09: "tab", 0x0A: "line feed", 0x0D: "carriage return",
            0x1B: "ESC", 0x7F: "DEL", 0x2028: "line separator", 0x2029: "paragraph separator",
            0x202E: "right-to-left override",
        ]
        return names[scalar.value].map { "\(code) (\($0))" } ?? code
    }

    /// JSON text with the control characters a JSON encoder leaves raw inside strings (DEL,
    /// the C1 controls, the separators and bidirectional controls) written as `\uXXXX`
    /// escapes; the document means exactly the same. JSON encoders already escape C0.
    ///
    /// - Important: pass a whole JSON document: outside a string these characters cannot
    ///   appear in valid JSON, so every one found is inside a string.
    public static func jsonEscaped(_ json: String) -> String {
        // C0 is left alone: inside strings the encoder has escaped it, outside it is the
        // document's own white space (pretty printing's line breaks).
        func isRaw(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0x20 && isControl(scalar) }
        guard json.unicodeScalars.contains(where: isRaw) else { return json }
        var result = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isRaw(scalar) else {
                result.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16, uppercase: false)
            result.append(contentsOf: ("\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex).unicodeScalars)
        }
        return String(result)
    }

    private static func escape(_ text: String, keepingLines: Bool) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var shown = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n" where keepingLines, "\t" where keepingLines:
                shown.append(scalar)
            case "\t": shown.append(contentsOf: "\\t".unicodeScalars)
            case "\n": shown.append(contentsOf: "\\n".unicodeScalars)
            case "\r": shown.append(contentsOf: "\\r".unicodeScalars)
            case _ where isControl(scalar):
                shown.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}").unicodeScalars)
            default:
                shown.append(scalar)
            }
        }
        return String(shown)
    }
}
