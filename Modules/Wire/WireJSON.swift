#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Writes the wire's JSON for the hot paths straight into bytes, as ``WireCoding/encoder()``
/// would (keys sorted), without `JSONEncoder`'s generic machinery: a push body on the client,
/// an object's values on the server (one call per change).
///
/// Everything written decodes with ``WireCoding/decoder()`` to the same values.
public enum WireJSON {
    /// The JSON of `values` (`{"age":["i",44],"memo":["t","…"]}`), or `nil` when a real is
    /// not finite: JSON has no such number (the encoder then names the problem).
    public static func values(_ values: [String: WireValue]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(32 * values.count + 2)
        return appendValues(values, to: &out) ? out : nil
    }

    /// Appends one change as a JSON object; `false` (and a partly written `out`) when a real
    /// is not finite.
    public static func appendChange(_ change: WireChange, to out: inout [UInt8]) -> Bool {
        // Keys sorted, as the encoder writes them; the optional ones only when present.
        out.append(UInt8(ascii: "{"))
        if let baseVersion = change.baseVersion {
            out.append(contentsOf: #""baseVersion":"#.utf8)
            out.append(contentsOf: String(baseVersion).utf8)
            out.append(UInt8(ascii: ","))
        }
        if let fields = change.fields {
            out.append(contentsOf: #""fields":["#.utf8)
            for (index, field) in fields.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                appendString(field, to: &out)
            }
            out.append(contentsOf: "],".utf8)
        }
        out.append(contentsOf: #""objectId":"#.utf8)
        appendString(change.objectId, to: &out)
        out.append(contentsOf: #","operation":"#.utf8)
        appendString(change.operation, to: &out)
        out.append(contentsOf: #","operationId":"#.utf8)
        appendString(change.operationId, to: &out)
        if let ownerGroup = change.ownerGroup {
            out.append(contentsOf: #","ownerGroup":"#.utf8)
            appendString(ownerGroup, to: &out)
        }
        if let parentId = change.parentId {
            out.append(contentsOf: #","parentId":"#.utf8)
            appendString(parentId, to: &out)
        }
        if let parentType = change.parentType {
            out.append(contentsOf: #","parentType":"#.utf8)
            appendString(parentType, to: &out)
        }
        if let policy = change.policy {
            out.append(contentsOf: #","policy":"#.utf8)
            appendString(policy, to: &out)
        }
        out.append(contentsOf: #","scope":"#.utf8)
        out.append(contentsOf: String(change.scope).utf8)
        out.append(contentsOf: #","typeName":"#.utf8)
        appendString(change.typeName, to: &out)
        out.append(contentsOf: #","values":"#.utf8)
        guard appendValues(change.values, to: &out) else { return false }
        out.append(UInt8(ascii: "}"))
        return true
    }

    /// A ``PushRequest`` body made of changes already written by ``appendChange(_:to:)``.
    public static func pushRequest(changes: [[UInt8]]) -> Data {
        var out = Data()
        out.reserveCapacity(changes.reduce(16) { $0 + $1.count + 1 })
        out.append(contentsOf: #"{"changes":["#.utf8)
        for (index, change) in changes.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: change)
        }
        out.append(contentsOf: "]}".utf8)
        return out
    }

    /// A ``PushResponse`` as JSON (`{"results":[{"operationId":"…","status":"applied"}]}`).
    /// A refused change's ``ChangeResult/current`` whose values hold a non-finite real (which
    /// the store never holds) is left out rather than failing the whole answer.
    public static func pushResponse(_ response: PushResponse) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(64 * response.results.count + 16)
        out.append(contentsOf: #"{"results":["#.utf8)
        for (index, result) in response.results.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(UInt8(ascii: "{"))
            if let account = result.byAccount {
                out.append(contentsOf: #""byAccount":"#.utf8)
                appendString(account, to: &out)
                out.append(UInt8(ascii: ","))
            }
            if let fields = result.conflictFields {
                out.append(contentsOf: #""conflictFields":"#.utf8)
                appendStrings(fields, to: &out)
                out.append(UInt8(ascii: ","))
            }
            if let current = result.current {
                var object: [UInt8] = []
                if appendObject(current, to: &object) {
                    out.append(contentsOf: #""current":"#.utf8)
                    out.append(contentsOf: object)
                    out.append(UInt8(ascii: ","))
                }
            }
            out.append(contentsOf: #""operationId":"#.utf8)
            appendString(result.operationId, to: &out)
            if let reason = result.reason {
                out.append(contentsOf: #","reason":"#.utf8)
                appendString(reason, to: &out)
            }
            out.append(contentsOf: #","status":"#.utf8)
            appendString(result.status, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "]}".utf8)
        return Data(out)
    }

    /// A ``PullResponse`` as JSON, or `nil` when a real is not finite.
    public static func pullResponse(_ response: PullResponse) -> Data? {
        var out: [UInt8] = []
        out.reserveCapacity(256 * response.objects.count + 64)
        out.append(contentsOf: #"{"cursor":"#.utf8)
        out.append(contentsOf: String(response.cursor).utf8)
        if let epoch = response.epoch {
            out.append(contentsOf: #","epoch":"#.utf8)
            appendString(epoch, to: &out)
        }
        if let head = response.head {
            out.append(contentsOf: #","head":"#.utf8)
            out.append(contentsOf: String(head).utf8)
        }
        out.append(contentsOf: (response.hasMore ? #","hasMore":true,"objects":["# : #","hasMore":false,"objects":["#).utf8)
        for (index, object) in response.objects.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            guard appendObject(object, to: &out) else { return nil }
        }
        out.append(UInt8(ascii: "]"))
        if let overwritten = response.overwritten {
            out.append(contentsOf: #","overwritten":["#.utf8)
            for (index, notice) in overwritten.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                guard appendOverwrite(notice, to: &out) else { return nil }
            }
            out.append(UInt8(ascii: "]"))
        }
        if let visibility = response.visibility {
            out.append(contentsOf: #","visibility":"#.utf8)
            appendString(visibility, to: &out)
        }
        out.append(UInt8(ascii: "}"))
        return Data(out)
    }

    /// Appends one object as a JSON object; `false` when a real is not finite.
    static func appendObject(_ object: WireObject, to out: inout [UInt8]) -> Bool {
        out.append(contentsOf: (object.deleted ? #"{"deleted":true,"objectId":"# : #"{"deleted":false,"objectId":"#).utf8)
        appendString(object.objectId, to: &out)
        for (key, value) in [("ownerGroup", object.ownerGroup), ("ownerUser", object.ownerUser)] {
            guard let value else { continue }
            out.append(contentsOf: #",""#.utf8)
            out.append(contentsOf: key.utf8)
            out.append(contentsOf: #"":"#.utf8)
            appendString(value, to: &out)
        }
        out.append(contentsOf: #","scope":"#.utf8)
        out.append(contentsOf: String(object.scope).utf8)
        out.append(contentsOf: #","values":"#.utf8)
        guard appendValues(object.values, to: &out) else { return false }
        out.append(contentsOf: #","version":"#.utf8)
        out.append(contentsOf: String(object.version).utf8)
        out.append(UInt8(ascii: "}"))
        return true
    }

    /// Appends one overwrite notice as a JSON object; `false` when a real is not finite.
    static func appendOverwrite(_ notice: WireOverwrite, to out: inout [UInt8]) -> Bool {
        out.append(contentsOf: #"{"byAccount":"#.utf8)
        appendString(notice.byAccount, to: &out)
        out.append(contentsOf: #","fields":"#.utf8)
        appendStrings(notice.fields, to: &out)
        out.append(contentsOf: #","objectId":"#.utf8)
        appendString(notice.objectId, to: &out)
        out.append(contentsOf: #","operationId":"#.utf8)
        appendString(notice.operationId, to: &out)
        out.append(contentsOf: #","theirs":"#.utf8)
        guard appendValues(notice.theirs, to: &out) else { return false }
        out.append(contentsOf: #","version":"#.utf8)
        out.append(contentsOf: String(notice.version).utf8)
        out.append(contentsOf: #","yours":"#.utf8)
        guard appendValues(notice.yours, to: &out) else { return false }
        out.append(UInt8(ascii: "}"))
        return true
    }

    /// Appends `strings` as a JSON array of strings.
    static func appendStrings(_ strings: [String], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (index, text) in strings.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(text, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    /// Appends `values` as a JSON object; `false` when a real is not finite.
    public static func appendValues(_ values: [String: WireValue], to out: inout [UInt8]) -> Bool {
        out.append(UInt8(ascii: "{"))
        for (index, key) in values.keys.sorted().enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            appendString(key, to: &out)
            out.append(contentsOf: #":[""#.utf8)
            switch values[key] ?? .null {
            case .null:
                out.append(UInt8(ascii: "n"))
                out.append(UInt8(ascii: "\""))
            case .integer(let number):
                out.append(contentsOf: #"i","#.utf8)
                out.append(contentsOf: String(number).utf8)
            case .real(let number):
                guard number.isFinite else { return false }
                out.append(contentsOf: #"r","#.utf8)
                out.append(contentsOf: number.description.utf8)
            case .text(let text):
                out.append(contentsOf: #"t","#.utf8)
                appendString(text, to: &out)
            case .blob(let data):
                out.append(contentsOf: #"b","#.utf8)
                appendString(data.base64EncodedString(), to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
        return true
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped.
    ///
    /// The runs between the bytes to escape (usually the whole text) are copied at once: this is
    /// the innermost step of every hand-written answer and stored value (a byte-by-byte `append`
    /// was the server's hottest function in a push).
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var text = text  // `withUTF8` needs a mutable string: native already, so no copy is made
        text.withUTF8 { appendEscaped($0, to: &out) }
        out.append(UInt8(ascii: "\""))
    }

    /// Appends `bytes` with quotes, backslashes and control characters escaped, unquoted.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        var start = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            if start < index { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
            start = index + 1
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            default:
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 0x0f))
            }
        }
        if start < bytes.count { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
