import GRDB

/// The admin console's reads (``AppObjectBrowsing``).
extension SQLiteAppStore {
    func typeCounts() async throws -> [StoredTypeCount] {
        try await database.read("counting objects per type") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT type_name, SUM(CASE WHEN deleted = 0 THEN 1 ELSE 0 END), SUM(CASE WHEN deleted = 0 THEN 0 ELSE 1 END)
                    FROM objects GROUP BY type_name
                    """
            ).map { StoredTypeCount(typeName: $0[0], live: $0[1], deleted: $0[2]) }
        }.sorted { $0.typeName < $1.typeName }
    }

    func browse(typeName: String, search: String?, ownerIds: [String], offset: Int, limit: Int) async throws
        -> StoredObjectPage
    {
        try SQLiteText.check(typeName, search, what: "type name or search")
        var condition = "type_name = ?"
        var arguments: StatementArguments = [typeName]
        if let search {
            condition += " AND (instr(lower(object_id), lower(?)) > 0"
            arguments += [search]
            if !ownerIds.isEmpty {
                condition += " OR owner_user IN (\(Array(repeating: "?", count: ownerIds.count).joined(separator: ", ")))"
                arguments += StatementArguments(ownerIds)
            }
            condition += ")"
        }
        let (matching, page) = (arguments, arguments + [max(limit, 0), max(offset, 0)])
        let sql = "SELECT \(Self.columns) FROM objects WHERE \(condition) ORDER BY version DESC, object_id LIMIT ? OFFSET ?"
        let count = "SELECT COUNT(*) FROM objects WHERE \(condition)"
        return try await database.read("browsing the objects of \(typeName)") { db in
            StoredObjectPage(
                objects: try Row.fetchAll(db, sql: sql, arguments: page).map(Self.object),
                total: try Int.fetchOne(db, sql: count, arguments: matching) ?? 0)
        }
    }

    func narrowings(typeName: String, objectId: String) async throws -> [StoredNarrowing] {
        try SQLiteText.check(typeName, objectId, what: "type name or object id")
        return try await database.read("reading the narrowings of \(typeName) \(objectId)") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT version, previous_scope, owner_user, owner_group FROM narrowings
                    WHERE type_name = ? AND object_id = ? ORDER BY version DESC
                    """,
                arguments: [typeName, objectId]
            ).map { StoredNarrowing(version: $0[0], previousScope: $0[1], ownerUser: $0[2], ownerGroup: $0[3]) }
        }
    }

    func overwrites(typeName: String, objectId: String) async throws -> [StoredOverwrite] {
        try SQLiteText.check(typeName, objectId, what: "type name or object id")
        return try await database.read("reading the overwrite notices of \(typeName) \(objectId)") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT type_name, object_id, version, user_id, operation_id, fields_json, yours_json,
                        theirs_json, by_user, recorded_at
                    FROM overwrites WHERE type_name = ? AND object_id = ? ORDER BY version DESC, user_id, operation_id
                    """,
                arguments: [typeName, objectId]
            ).map(Self.overwrite)
        }
    }
}
