import StrataCrossCutting

/// An error as a person reads it on a screen: never a Swift debug dump.
///
/// Strata's errors (``StrataError``) say what was wrong in a sentence; any other error (a
/// networking library's, a value printed as `Optional(…)`) would be shown as its type's
/// reflection, `NIOConnectionError(host: "…", …)`, so it is named by its type instead.
///
/// ```swift
/// } catch {
///     return .message(localized("Sync failed: ", ja: "同期に失敗しました: ") + ErrorText.readable(error))
/// }
/// ```
public enum ErrorText {
    /// One line saying what went wrong, control characters escaped.
    public static func readable(_ error: any Error) -> String {
        let text: String
        if let strata = error as? any StrataError {
            text = strata.message
        } else {
            let described = String(describing: error)
            text = looksLikeDump(described)
                ? localized(
                    "an unexpected error (\(String(describing: type(of: error))))",
                    ja: "予期しないエラー（\(String(describing: type(of: error)))）")
                : described
        }
        return TerminalText.escaped(FailureLine.singleLine(text))
    }

    /// `text` (an error already turned into text elsewhere, e.g. the sync engine's last error)
    /// as one readable line: a reflection (`Type(label: …)`, `Optional(…)`) becomes "an
    /// unexpected error", control characters are escaped.
    public static func readable(text: String) -> String {
        let line = looksLikeDump(text) ? localized("an unexpected error", ja: "予期しないエラー") : text
        return TerminalText.escaped(FailureLine.singleLine(line))
    }

    /// Whether `text` is a reflection (`Type(label: …)`, `Optional(…)`) rather than a sentence.
    static func looksLikeDump(_ text: String) -> Bool {
        if text.contains("Optional(") { return true }
        guard let open = text.firstIndex(of: "(") else { return false }
        let head = text[..<open]
        // `Name(` or `Module.Name(` at the start, with a `label:` after it.
        return !head.isEmpty && head.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }
            && text[open...].contains(":")
    }
}
