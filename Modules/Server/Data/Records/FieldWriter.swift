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

/// The stored form of an object's field writers (a `writers_json` column on both engines).
///
/// Written as one entry per writer with the fields it wrote:
/// `[[12,"<user id>","<operation id>",["age","name"]],[15,"<user id>","<operation id>",["done"]]]`,
/// entries in the order of their first field, fields sorted. A new object's fields all share
/// one writer, so its user and operation id are stored once rather than once per field: the
/// column was larger than the object's values, and writing it was 9% of a push's server time.
/// Still read: the per-field form `{"age":[12,"<user id>","<operation id>"]}` written before
/// (migration "compact field writers"), and `{}` for objects stored before writers were kept.
enum FieldWritersJSON {
    /// `writers` in the compact form (`{}` when there are none).
    static func encode(_ writers: [String: FieldWriter]) -> String {
        guard !writers.isEmpty else { return "{}" }
        var groups: [(writer: FieldWriter, fields: [String])] = []
        for field in writers.keys.sorted() {
            guard let writer = writers[field] else { continue }
            // Few writers per object (one for a new object): a linear search beats hashing.
            if let at = groups.firstIndex(where: { $0.writer == writer }) {
                groups[at].fields.append(field)
            } else {
                groups.append((writer, [field]))
            }
        }
        var out: [UInt8] = [UInt8(ascii: "[")]
        out.reserveCapacity(96 * groups.count + 16 * writers.count)
        for (index, group) in groups.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(contentsOf: "[\(group.writer.version),".utf8)
            WireJSON.appendString(group.writer.userId, to: &out)
            out.append(UInt8(ascii: ","))
            WireJSON.appendString(group.writer.operationId, to: &out)
            out.append(contentsOf: ",[".utf8)
            for (position, field) in group.fields.enumerated() {
                if position > 0 { out.append(UInt8(ascii: ",")) }
                WireJSON.appendString(field, to: &out)
            }
            out.append(contentsOf: "]]".utf8)
        }
        out.append(UInt8(ascii: "]"))
        return String(decoding: out, as: UTF8.self)
    }

    /// The writers `json` holds, in either stored form (none for `{}` or an empty text).
    static func decode(_ json: String) throws -> [String: FieldWriter] {
        if json.isEmpty || json == "{}" { return [:] }
        let data = Data(json.utf8)
        guard json.utf8.first(where: { $0 != UInt8(ascii: " ") }) == UInt8(ascii: "[") else {
            return try JSONDecoder().decode([String: Entry].self, from: data).mapValues(\.writer)
        }
        var writers: [String: FieldWriter] = [:]
        for group in try JSONDecoder().decode([Group].self, from: data) {
            for field in group.fields { writers[field] = group.writer }
        }
        return writers
    }

    /// One `[version, user, operation]` triple (the per-field form).
    private struct Entry: Decodable {
        let writer: FieldWriter

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            writer = FieldWriter(
                version: try container.decode(Int64.self), userId: try container.decode(String.self),
                operationId: try container.decode(String.self))
        }
    }

    /// One `[version, user, operation, [fields]]` entry (the compact form).
    private struct Group: Decodable {
        let writer: FieldWriter
        let fields: [String]

        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            writer = FieldWriter(
                version: try container.decode(Int64.self), userId: try container.decode(String.self),
                operationId: try container.decode(String.self))
            fields = try container.decode([String].self)
        }
    }
}
