/// The stores' guard against text SQLite would cut.
///
/// GRDB binds a Swift `String` with `sqlite3_bind_text(…, -1, …)` (NUL-terminated) and reads
/// text back with `String(cString:)`: text holding U+0000 would be stored, compared and looked
/// up only up to the NUL (`X\u0000other` would write `X`, `alice\u0000x` find `alice`). So every
/// caller-supplied text a store binds passes here first and is refused whole; values inside an
/// object's JSON are escaped (`\u0000`) and never reach SQLite raw.
enum SQLiteText {
    /// Throws ``ServerDataError`` `invalidName` when one of `texts` holds U+0000; `what` names
    /// the field (`object id`, `account`, …).
    static func check(_ texts: String?..., what: @autoclosure () -> String) throws {
        for text in texts {
            guard let text, text.utf8.contains(0) else { continue }
            let shown = text.prefix(40).replacing("\u{0}", with: "\\u0000")
            throw ServerDataError(.invalidName, "\(what()) '\(shown)' contains a control character (U+0000)")
        }
    }
}
