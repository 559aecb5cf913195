import PostgresNIO

/// The admin console's reads (``AppObjectBrowsing``), as on SQLite.
extension PostgresAppStore {
    func typeCounts() async throws -> [StoredTypeCount] {
        var statement = PostgresStatement()
        statement.append(
            """
            SELECT type_name, COUNT(*) FILTER (WHERE NOT deleted)::BIGINT, COUNT(*) FILTER (WHERE deleted)::BIGINT
            FROM objects WHERE app = \(statement.bind(app)) GROUP BY type_name
            """)
        return try await database.rows("counting objects per type", statement).map { row in
            let (typeName, live, deleted) = try row.decode((String, Int64, Int64).self)
            return StoredTypeCount(typeName: typeName, live: Int(live), deleted: Int(deleted))
        }.sorted { $0.typeName < $1.typeName }
    }

    func browse(typeName: String, search: String?, ownerIds: [String], offset: Int, limit: Int) async throws
        -> StoredObjectPage
    {
        try SQLiteText.check(typeName, search, what: "type name or search")
        func condition(_ statement: inout PostgresStatement) -> String {
            var condition = "app = \(statement.bind(app)) AND type_name = \(statement.bind(typeName))"
            if let search {
                condition += " AND (strpos(lower(object_id), lower(\(statement.bind(search)))) > 0"
                if !ownerIds.isEmpty { condition += " OR owner_user = ANY(\(statement.bind(ownerIds)))" }
                condition += ")"
            }
            return condition
        }
        var select = PostgresStatement()
        let selected = condition(&select)
        select.append(
            """
            SELECT \(Self.columns) FROM objects WHERE \(selected) ORDER BY version DESC, object_id COLLATE "C" \
            LIMIT \(select.bind(Int64(max(limit, 0)))) OFFSET \(select.bind(Int64(max(offset, 0))))
            """)
        var count = PostgresStatement()
        let counted = condition(&count)
        count.append("SELECT COUNT(*)::BIGINT FROM objects WHERE \(counted)")
        let objects = try await database.rows("browsing the objects of \(typeName)", select).map(Self.object)
        let total = try await database.rows("counting the objects of \(typeName)", count).first?.decode(Int64.self) ?? 0
        return StoredObjectPage(objects: objects, total: Int(total))
    }

    func narrowings(typeName: String, objectId: String) async throws -> [StoredNarrowing] {
        try SQLiteText.check(typeName, objectId, what: "type name or object id")
        var statement = PostgresStatement()
        statement.append(
            """
            SELECT version, previous_scope, owner_user, owner_group FROM narrowings
            WHERE app = \(statement.bind(app)) AND type_name = \(statement.bind(typeName)) \
            AND object_id = \(statement.bind(objectId)) ORDER BY version DESC
            """)
        return try await database.rows("reading the narrowings of \(typeName) \(objectId)", statement).map { row in
            let (version, scope, owner, group) = try row.decode((Int64, Int32, String, String?).self)
            return StoredNarrowing(version: version, previousScope: Int(scope), ownerUser: owner, ownerGroup: group)
        }
    }

    func overwrites(typeName: String, objectId: String) async throws -> [StoredOverwrite] {
        try SQLiteText.check(typeName, objectId, what: "type name or object id")
        var statement = PostgresStatement()
        statement.append(
            """
            SELECT type_name, object_id, version, user_id, operation_id, fields_json, yours_json,
                theirs_json, by_user, recorded_at
            FROM overwrites WHERE app = \(statement.bind(app)) AND type_name = \(statement.bind(typeName)) \
            AND object_id = \(statement.bind(objectId)) ORDER BY version DESC, user_id COLLATE "C", operation_id COLLATE "C"
            """)
        return try await database.rows("reading the overwrite notices of \(typeName) \(objectId)", statement)
            .map(Self.overwrite)
    }
}
