import Foundation
import GRDB
import StrataWire

/// The overwrite notices a pull hands the replaced user (``AppObjectStore/overwrites(typeName:userId:since:through:visibility:limit:)``).
extension SQLiteAppStore {
    func overwrites(
        typeName: String, userId: String, since: Int64, through: Int64, visibility: ObjectVisibility, limit: Int
    )
        async throws -> [StoredOverwrite]
    {
        try SQLiteText.check(typeName, userId, what: "type name or user id")
        guard through > since else { return [] }
        let (visible, visibleArguments) = Self.visibleClause(visibility, prefix: "o.")
        let sql = """
            SELECT w.type_name, w.object_id, w.version, w.user_id, w.operation_id, w.fields_json, w.yours_json,
                w.theirs_json, w.by_user, w.recorded_at
            FROM overwrites w JOIN objects o ON o.type_name = w.type_name AND o.object_id = w.object_id
            WHERE w.type_name = ? AND w.user_id = ? AND w.version > ? AND w.version <= ? AND o.deleted = 0 AND \(visible)
            ORDER BY w.version, w.operation_id
            LIMIT ?
            """
        let arguments: StatementArguments = [typeName, userId, since, through] + visibleArguments + [max(limit, 0)]
        return try await database.read("reading the overwrite notices of \(typeName)") { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.overwrite)
        }
    }

    static func overwrite(_ row: Row) throws -> StoredOverwrite {
        let decoder = WireCoding.decoder()
        func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
            try decoder.decode(type, from: Data(json.utf8))
        }
        return StoredOverwrite(
            typeName: row[0], objectId: row[1], version: row[2], userId: row[3], operationId: row[4],
            fields: try decode([String].self, row[5]), yours: try decode([String: WireValue].self, row[6]),
            theirs: try decode([String: WireValue].self, row[7]), byUser: row[8], recordedAt: Date(storedSeconds: row[9]))
    }
}
