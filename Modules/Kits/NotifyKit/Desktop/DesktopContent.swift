import Foundation
import StrataCrossCutting
import StrataDomain

/// What one desktop notification says, made from a recorded notification: safe to hand to any
/// notification server, whatever the inbox file held.
///
/// - The summary is the title (or "Strata" when it is empty), one line: control characters
///   become spaces, at most ``summaryLimit`` characters.
/// - The body keeps its line breaks, other control characters become spaces, at most
///   ``bodyLimit`` characters; then `&`, `<` and `>` are escaped, because the freedesktop body
///   may be read as markup (`<b>`, `<a href>`, `<img>`) and a sender must not get that.
/// - Urgency is critical (2) for a follow-up that is overdue (due before today), else normal (1).
/// - The URL is `strata://notifications/<id>/open` for a notification naming a report (the
///   Notifications micro-app marks it read, then shows the report), else
///   `strata://notifications/<id>/read`; the **Open** action adds `?action=<key>` (``BusLoop``).
struct DesktopContent: Sendable, Hashable {
    /// The longest summary shown, in characters.
    static let summaryLimit = 120
    /// The longest body shown, in characters (before escaping).
    static let bodyLimit = 600

    /// The notification id in the store.
    var notificationId: String
    /// The summary (plain text).
    var summary: String
    /// The body, markup-escaped.
    var body: String
    /// The freedesktop urgency: 0 low, 1 normal, 2 critical.
    var urgency: UInt8
    /// What the **Open** action opens.
    var url: String

    /// The content for `record`, with "overdue" meaning due before `todayStart`.
    init(_ record: NotificationRecord, todayStart: Date) {
        notificationId = record.notificationId
        let title = Self.plain(record.title, keepingLines: false, limit: Self.summaryLimit)
        summary = title.isEmpty ? "Strata" : title
        body = Self.markupEscaped(Self.plain(record.body, keepingLines: true, limit: Self.bodyLimit))
        let overdue = record.kind == "follow-up-due" && (record.dueDate.map { $0 < todayStart } ?? false)
        urgency = overdue ? 2 : 1
        url = Self.url(for: record)
    }

    /// The `strata://` URL the **Open** action opens for `record`.
    static func url(for record: NotificationRecord) -> String {
        let id = percentEncoded(record.notificationId)
        return "\(StrataConstants.urlScheme)://notifications/\(id)/\(record.reportId == nil ? "read" : "open")"
    }

    /// `text` with control characters (all of them, or all but line breaks) as spaces, trimmed,
    /// cut to `limit` characters (the last one an ellipsis when cut).
    static func plain(_ text: String, keepingLines: Bool, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let control = scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                || scalar == "\u{2028}" || scalar == "\u{2029}"
            if keepingLines && scalar == "\n" {
                scalars.append(scalar)
            } else {
                scalars.append(control ? " " : scalar)
            }
        }
        let cleaned = String(scalars).trimmingCharacters(in: .whitespacesAndNewlines)
        guard cleaned.count > limit else { return cleaned }
        return String(cleaned.prefix(limit - 1)) + "…"
    }

    /// `text` with `&`, `<` and `>` as the entities `&amp;`, `&lt;` and `&gt;`.
    static func markupEscaped(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// `text` percent-encoded for one path segment of a `strata://` URL (unreserved characters kept).
    static func percentEncoded(_ text: String) -> String {
        var encoded = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if scalar.properties.isASCIIHexDigit || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || "-._~".unicodeScalars.contains(scalar)
            {
                encoded.unicodeScalars.append(scalar)
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return encoded
    }
}

extension String {
    /// The string with zeros in front up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
