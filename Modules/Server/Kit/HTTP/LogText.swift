/// Text from a request made safe for one log line.
enum LogText {
    /// `text` with control, format and unassigned characters (line breaks, ESC, bidi
    /// overrides…) written as `\u{…}` and `\` as `\\`, so it cannot forge or hide log lines;
    /// at most `limit` characters, then `…`.
    static func escaped(_ text: String, limit: Int = 128) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            default:
                if scalar == "\\" { escaped += "\\\\" } else { escaped.unicodeScalars.append(scalar) }
            }
        }
        if text.unicodeScalars.count > limit { escaped += "…" }
        return escaped
    }
}
