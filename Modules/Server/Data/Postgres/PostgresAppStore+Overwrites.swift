import Foundation
import PostgresNIO
import StrataWire

/// The overwrite notices a pull hands the replaced user (``AppObjectStore/overwrites(typeName:userId:since:through:visibility:limit:)``).
extension PostgresAppStore {
    func overwrites(
        typeName: String, userId: String, since: Int64, through: Int64, visibility: ObjectVisibility, limit: Int
    )
        async throws -> [StoredOverwrite]
    {
        try SQLiteText.check(typeName, userId, what: "type name or user id")
        guard through > since else { return [] }
        var statement = PostgresStatement()
        let app = statement.bind(app)
        let type = statement.bind(typeName)
        let user = statement.bind(userId)
        let after = statement.bind(since)
        let upTo = statement.bind(through)
        let visible = Self.visibleClause(visibility, &statement, prefix: "o.")
        let most = statement.bind(Int64(max(limit, 0)))
        statement.append(
            """
            SELECT w.type_name, w.object_id, w.version, w.user_id, w.operation_id, w.fields_json, w.yours_json,
                w.theirs_json, w.by_user, w.recorded_at
            FROM overwrites w JOIN objects o ON o.app = w.app AND o.type_name = w.type_name AND o.object_id = w.object_id
            WHERE w.app = \(app) AND w.type_name = \(type) AND w.user_id = \(user) AND w.version > \(after)
                AND w.version <= \(upTo) AND NOT o.deleted AND \(visible)
            ORDER BY w.version, w.operation_id
            LIMIT \(most)
            """)
        return try await database.rows("reading the overwrite notices of \(typeName)", statement).map(Self.overwrite)
    }

    static func overwrite(_ row: PostgresRow) throws -> StoredOverwrite {
        let (typeName, objectId, version, userId, operationId, fields, yours, theirs, byUser, recordedAt) = try row.decode(
            (String, String, Int64, String, String, String, String, String, String, Double).self)
        let decoder = WireCoding.decoder()
        func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
            try decoder.decode(type, from: Data(json.utf8))
        }
        return StoredOverwrite(
            typeName: typeName, objectId: objectId, version: version, userId: userId, operationId: operationId,
            fields: try decode([String].self, fields), yours: try decode([String: WireValue].self, yours),
            theirs: try decode([String: WireValue].self, theirs), byUser: byUser, recordedAt: Date(storedSeconds: recordedAt))
    }
}
