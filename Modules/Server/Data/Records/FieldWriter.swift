import Foundation
import StrataWire

/// Who last wrote one field of a stored object: the write's version, its user and the
/// operation id of its change. A stored object keeps one per field (``StoredObject/writers``),
/// so a later change made on an older copy can tell it replaces another user's write.
public struct FieldWriter: Sendable, Hashable {
    /// The version the write took.
    public var version: Int64
    /// The user whose change wrote the field.
    public var userId: String
    /// The operation id of that change.
    public var operationId: String

    /// A field's writer.
    public init(version: Int64, userId: String, operationId: String) {
        self.version = version
        self.userId = userId
        self.operationId = operationId
    }
}

/// The stored form of an object's field writers: `{"age":[12,"<user id>","<operation id>"]}`
/// (a `writers_json` column on both engines; `{}` for objects stored before writers were kept).
enum FieldWritersJSON {
    /// `writers` as JSON, keys sorted.
    static func encode(_ writers: [String: FieldWriter]) -> String {
        guard !writers.isEmpty else { return "{}" }
        var out: [UInt8] = [UInt8(ascii: "{")]
        for (index, field) in writers.keys.sorted().enumerated() {
            guard let writer = writers[field] else { continue }
            if index > 0 { out.append(UInt8(ascii: ",")) }
            WireJSON.appendString(field, to: &out)
            out.append(contentsOf: ":[\(writer.version),".utf8)
            WireJSON.appendString(writer.userId, to: &out)
            out.append(UInt8(ascii: ","))
            WireJSON.appendString(writer.operationId, to: &out)
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The writers `json` holds (none for `{}` or an empty text).
    static func decode(_ json: String) throws -> [String: FieldWriter] {
        if json.isEmpty || json == "{}" { return [:] }
        return try JSONDecoder().decode([String: Entry].self, from: Data(json.utf8)).mapValues(\.writer)
    }

    /// One `[version, user, operation]` triple.
    private struct Entry: Decodable {
        let writer: FieldWriter

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            writer = FieldWriter(
                version: try container.decode(Int64.self), userId: try container.decode(String.self),
                operationId: try container.decode(String.self))
        }
    }
}
