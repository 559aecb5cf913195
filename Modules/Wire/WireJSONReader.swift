#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads the wire's JSON for the hot paths by hand: a push body on the server, a push answer
/// and a stored change payload on the client.
///
/// It accepts only what it fully understands — exact shapes, known keys once each, strict
/// JSON numbers, valid UTF-8 — and returns `nil` for anything else, with ``problem`` saying
/// what. Whatever it accepts, `JSONDecoder` with ``WireCoding/decoder()`` decodes to the same
/// value, so a caller falls back to the decoder on `nil` for the decoder's own answer.
public struct WireJSONReader {
    let bytes: [UInt8]
    var index = 0
    /// What was wrong, once a read returned `nil`.
    public internal(set) var problem = ""

    /// A reader over one JSON document.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The document as field values (`{"age":["i",44]}`), or `nil` (see ``problem``).
    public mutating func readValues() -> [String: WireValue]? {
        document { $0.values() }
    }

    /// The document as a ``PushRequest``, or `nil` when it is anything but a plain one.
    public static func pushRequest(from bytes: [UInt8]) -> PushRequest? {
        arrayDocument(bytes, key: "changes") { $0.change() }.map(PushRequest.init(changes:))
    }

    /// The document as a ``PushResponse``, or `nil` when it is anything but a plain one.
    public static func pushResponse(from bytes: [UInt8]) -> PushResponse? {
        arrayDocument(bytes, key: "results") { $0.result() }.map(PushResponse.init(results:))
    }

    /// A document that is an object with one key, `key`, holding an array of `element`s.
    private static func arrayDocument<T>(
        _ bytes: [UInt8], key: String, element: (inout WireJSONReader) -> T?
    ) -> [T]? {
        var reader = WireJSONReader(bytes: bytes)
        return reader.document { reader in
            var elements: [T]?
            let read = reader.object { reader, name in
                guard name == key, elements == nil else { return false }
                elements = reader.array(element)
                return elements != nil
            }
            return read ? elements : nil
        }
    }

    /// The document as a ``PullResponse``, or `nil` when it is anything but a plain one.
    public static func pullResponse(from bytes: [UInt8]) -> PullResponse? {
        var reader = WireJSONReader(bytes: bytes)
        return reader.document { reader in
            var objects: [WireObject]?
            var cursor: Int64?
            var hasMore: Bool?
            var epoch: String?
            var head: Int64?
            var visibility: String?
            var overwritten: [WireOverwrite]?
            let read = reader.object { reader, key in
                switch key {
                case "objects": return Self.fill(&objects) { reader.array { $0.wireObject() } }
                case "cursor": return Self.fill(&cursor) { reader.integer() }
                case "hasMore": return Self.fill(&hasMore) { reader.boolean() }
                case "epoch": return Self.fill(&epoch) { reader.string() }
                case "head": return Self.fill(&head) { reader.integer() }
                case "visibility": return Self.fill(&visibility) { reader.string() }
                case "overwritten": return Self.fill(&overwritten) { reader.array { $0.overwrite() } }
                default: return false
                }
            }
            guard read, let objects, let cursor, let hasMore else { return reader.fail("objects, cursor and hasMore") }
            return PullResponse(
                objects: objects, cursor: cursor, hasMore: hasMore, epoch: epoch, head: head, visibility: visibility,
                overwritten: overwritten)
        }
    }

    // MARK: Shapes

    /// Reads a member into `slot` unless it was read before; `false` when it was, or `read` fails.
    private static func fill<T>(_ slot: inout T?, _ read: () -> T?) -> Bool {
        guard slot == nil, let value = read() else { return false }
        slot = value
        return true
    }

    private mutating func wireObject() -> WireObject? {
        var strings: [String: String] = [:]
        var optionals: Set<String> = []
        var numbers: [String: Int64] = [:]
        var values: [String: WireValue]?
        var deleted: Bool?
        let read = object { reader, key in
            switch key {
            case "objectId":
                guard strings[key] == nil, let text = reader.string() else { return false }
                strings[key] = text
            case "ownerUser", "ownerGroup":
                guard optionals.insert(key).inserted else { return false }
                if reader.null() { return true }
                guard let text = reader.string() else { return false }
                strings[key] = text
            case "scope", "version":
                guard numbers[key] == nil, let number = reader.integer() else { return false }
                numbers[key] = number
            case "values": return Self.fill(&values) { reader.values() }
            case "deleted": return Self.fill(&deleted) { reader.boolean() }
            default: return false
            }
            return true
        }
        guard read, let objectId = strings["objectId"], let scope = numbers["scope"].flatMap({ Int(exactly: $0) }),
            let version = numbers["version"], let values, let deleted
        else { return fail("an object with every field once") }
        return WireObject(
            objectId: objectId, values: values, scope: scope, ownerUser: strings["ownerUser"],
            ownerGroup: strings["ownerGroup"], deleted: deleted, version: version)
    }

    private mutating func change() -> WireChange? {
        var strings: [String: String] = [:]
        var values: [String: WireValue]?
        var scope: Int?
        var fields: [String]?
        var baseVersion: Int64?
        var ownerGroup: String?
        var policy: String?
        var parentType: String?
        var parentId: String?
        let read = object { reader, key in
            switch key {
            case "operationId", "typeName", "objectId", "operation":
                guard strings[key] == nil, let text = reader.string() else { return false }
                strings[key] = text
            case "values": return Self.fill(&values) { reader.values() }
            case "scope": return Self.fill(&scope) { reader.integer().flatMap { Int(exactly: $0) } }
            // Optional members: `null` (or anything else) leaves the fallback decoder to read them.
            case "fields": return Self.fill(&fields) { reader.array { $0.string() } }
            case "baseVersion": return Self.fill(&baseVersion) { reader.integer() }
            case "ownerGroup": return Self.fill(&ownerGroup) { reader.string() }
            case "policy": return Self.fill(&policy) { reader.string() }
            case "parentType": return Self.fill(&parentType) { reader.string() }
            case "parentId": return Self.fill(&parentId) { reader.string() }
            default: return false
            }
            return true
        }
        guard read, let operationId = strings["operationId"], let typeName = strings["typeName"],
            let objectId = strings["objectId"], let operation = strings["operation"], let values, let scope
        else { return fail("a change with every field once") }
        return WireChange(
            operationId: operationId, typeName: typeName, objectId: objectId, operation: operation, values: values,
            scope: scope, fields: fields, baseVersion: baseVersion, ownerGroup: ownerGroup, policy: policy,
            parentType: parentType, parentId: parentId)
    }

    private mutating func result() -> ChangeResult? {
        var strings: [String: String] = [:]
        var sawReason = false
        var conflictFields: [String]?
        var current: WireObject?
        let read = object { reader, key in
            switch key {
            // `null` (or anything else) leaves the fallback decoder to read them.
            case "conflictFields": return Self.fill(&conflictFields) { reader.array { $0.string() } }
            case "current": return Self.fill(&current) { reader.wireObject() }
            case "operationId", "status", "byAccount":
                guard strings[key] == nil, let text = reader.string() else { return false }
                strings[key] = text
            case "reason":
                guard !sawReason else { return false }
                sawReason = true
                if reader.null() { return true }
                guard let text = reader.string() else { return false }
                strings[key] = text
            default: return false
            }
            return true
        }
        guard read, let operationId = strings["operationId"], let status = strings["status"] else {
            return fail("a result with an operationId and a status")
        }
        return ChangeResult(
            operationId: operationId, status: status, reason: strings["reason"], conflictFields: conflictFields, current: current,
            byAccount: strings["byAccount"])
    }

    private mutating func overwrite() -> WireOverwrite? {
        var strings: [String: String] = [:]
        var fields: [String]?
        var version: Int64?
        var yours: [String: WireValue]?
        var theirs: [String: WireValue]?
        let read = object { reader, key in
            switch key {
            case "objectId", "operationId", "byAccount":
                guard strings[key] == nil, let text = reader.string() else { return false }
                strings[key] = text
            case "fields": return Self.fill(&fields) { reader.array { $0.string() } }
            case "version": return Self.fill(&version) { reader.integer() }
            case "yours": return Self.fill(&yours) { reader.values() }
            case "theirs": return Self.fill(&theirs) { reader.values() }
            default: return false
            }
            return true
        }
        guard read, let objectId = strings["objectId"], let operationId = strings["operationId"],
            let byAccount = strings["byAccount"], let fields, let version, let yours, let theirs
        else { return fail("an overwrite notice with every field once") }
        return WireOverwrite(
            objectId: objectId, version: version, operationId: operationId, fields: fields, yours: yours, theirs: theirs,
            byAccount: byAccount)
    }

    private mutating func values() -> [String: WireValue]? {
        var values: [String: WireValue] = [:]
        let read = object { reader, key in
            guard values[key] == nil, let value = reader.value() else { return false }
            values[key] = value
            return true
        }
        return read ? values : nil
    }

    /// `["n"]`, `["i",44]`, `["r",1.5]`, `["t","…"]` or `["b","base64"]`.
    private mutating func value() -> WireValue? {
        guard expect(UInt8(ascii: "[")), let tag = string() else { return nil }
        let value: WireValue?
        switch tag {
        case "n": value = .null
        case "i": value = expect(UInt8(ascii: ",")) ? integer().map(WireValue.integer) : nil
        case "r": value = expect(UInt8(ascii: ",")) ? double().map(WireValue.real) : nil
        case "t": value = expect(UInt8(ascii: ",")) ? string().map(WireValue.text) : nil
        case "b":
            guard expect(UInt8(ascii: ",")), let text = string() else { return nil }
            value = Data(base64Encoded: text).map(WireValue.blob) ?? fail("base64 after \"b\"")
        default: value = fail("a value tag n, i, r, t or b, not '\(tag.prefix(20))'")
        }
        guard let value, expect(UInt8(ascii: "]")) else { return nil }
        return value
    }
}
