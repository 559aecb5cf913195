public import Foundation
import StrataCrossCutting
public import StrataDomain

// The inbox's document format lives with the inbox's reader, not in StrataDomain: it parses
// with JSONSerialization, which is full Foundation, and StrataDomain is in strata-status's
// closure, which links FoundationEssentials only (Architecture.md, "What the widget links").

extension IncomingNotification {
    /// The largest notification document accepted, in bytes (64 KiB).
    public static let maximumDocumentSize = 65_536

    /// Reads a notification document (see Docs/Notifications.md).
    ///
    /// `id` and `kind` must be non-empty strings; `title` and `body` strings; `reportId` and
    /// `followUpId` non-empty strings; `sentAt` an ISO 8601 instant (`2026-11-22T09:00:00Z`,
    /// fractional seconds and offsets allowed) that exists: read strictly by
    /// `DayText.parseInstant(_:what:)`, so `2026-02-30T10:00:00Z` is refused, never rolled
    /// over. Each optional key may be absent or `null`; keys not listed here are ignored, so
    /// senders can add fields without breaking older readers. A key named twice in the
    /// top-level object is refused (which value was meant is unknown).
    ///
    /// - Parameters:
    ///   - data: the document's bytes, at most ``maximumDocumentSize``.
    ///   - source: where the document came from (`inbox/new/n-1.json`), named in every error.
    /// - Throws: ``DomainError`` `malformedNotification` naming `source`, the key and what
    ///   was expected, e.g. `inbox/new/x.json: key 'id' is missing; expected a non-empty string`.
    public static func decode(_ data: Data, source: String) throws -> IncomingNotification {
        func malformed(_ problem: String) -> DomainError {
            DomainError(.malformedNotification, "\(source): \(problem)")
        }
        guard data.count <= maximumDocumentSize else {
            throw malformed("the document is \(data.count) bytes; the limit is \(maximumDocumentSize)")
        }
        guard !data.isEmpty else {
            throw malformed("the document is empty; expected a JSON object with 'id' and 'kind'")
        }
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            throw malformed(
                "not valid JSON\(detail.map { " (\($0))" } ?? ""); expected a JSON object with 'id' and 'kind'")
        }
        guard let object = parsed as? [String: Any] else {
            throw malformed("not a JSON object (it is \(NotificationDocument.describe(parsed))); expected {\"id\": …, \"kind\": …}")
        }
        if let key = NotificationDocument.duplicateKey(in: data) {
            // JSONSerialization keeps the last of two values silently: which one the sender meant is unknown.
            throw malformed("key '\(TerminalText.escaped(key))' is given twice; a notification names each key once")
        }
        let document = NotificationDocument(object: object, malformed: malformed)
        return IncomingNotification(
            id: try document.requiredText("id"),
            kind: try document.requiredText("kind"),
            title: try document.text("title", allowEmpty: true),
            body: try document.text("body", allowEmpty: true),
            reportId: try document.text("reportId", allowEmpty: false),
            followUpId: try document.text("followUpId", allowEmpty: false),
            sentAt: try document.instant("sentAt"))
    }
}

/// One parsed notification document: its keys, read with errors naming the key.
private struct NotificationDocument {
    let object: [String: Any]
    let malformed: (String) -> DomainError

    /// A string that must be present and not empty.
    func requiredText(_ key: String) throws -> String {
        guard let value = object[key], !(value is NSNull) else {
            throw malformed("key '\(key)' is missing; expected a non-empty string")
        }
        guard let text = value as? String, !text.isEmpty else {
            throw malformed("key '\(key)' is \(Self.describe(value)); expected a non-empty string")
        }
        return text
    }

    /// An optional string; `nil` when the key is absent or `null`.
    func text(_ key: String, allowEmpty: Bool) throws -> String? {
        guard let value = object[key], !(value is NSNull) else { return nil }
        guard let text = value as? String, allowEmpty || !text.isEmpty else {
            let expected = allowEmpty ? "a string" : "a non-empty string"
            throw malformed("key '\(key)' is \(Self.describe(value)); expected \(expected) or no key")
        }
        return text
    }

    /// An optional ISO 8601 instant; `nil` when the key is absent or `null`.
    func instant(_ key: String) throws -> Date? {
        guard let text = try text(key, allowEmpty: true) else { return nil }
        do {
            return try DayText.parseInstant(text, what: "key '\(key)'")
        } catch let error as CrossCuttingError {
            throw malformed(error.message)
        }
    }

    /// The first key the top-level object of `data` names twice, or `nil`. `data` must be
    /// valid JSON (parsed already): keys are the strings at depth 1 followed by `:`, compared
    /// decoded (`"i\u0064"` is `"id"`).
    static func duplicateKey(in data: Data) -> String? {
        let bytes = [UInt8](data)
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        var depth = 0
        var seen: Set<String> = []
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                index += 1
            case UInt8(ascii: "\""):
                let start = index
                index += 1
                while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                    index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index = min(index + 1, bytes.count)
                guard depth == 1 else { continue }
                var next = index
                while next < bytes.count, space.contains(bytes[next]) { next += 1 }
                guard next < bytes.count, bytes[next] == UInt8(ascii: ":") else { continue }
                let token = Data(bytes[start..<index])
                guard let key = (try? JSONSerialization.jsonObject(with: token, options: [.fragmentsAllowed])) as? String
                else { continue }
                if !seen.insert(key).inserted { return key }
            default:
                index += 1
            }
        }
        return nil
    }

    /// A short description of a JSON value for an error message: `'text'`, `42`, `an array`.
    static func describe(_ value: Any) -> String {
        switch value {
        case let text as String:
            let shown = text.count > 60 ? String(text.prefix(60)) + "…" : text
            return "'\(TerminalText.escaped(shown))'"
        case is NSNull:
            return "null"
        case is [Any]:
            return "an array"
        case is [String: Any]:
            return "an object"
        case let number as NSNumber:
            return number.stringValue
        default:
            return "\(value)"
        }
    }
}
