import Foundation
import PostgresNIO
import StrataCrossCutting
import StrataWire

/// The PostgreSQL ``AppObjectStore`` of one app version: its rows of the shared object tables
/// (`app` = `<app id>@<version>`; see ``PostgresSchema``).
struct PostgresAppStore: AppObjectStore {
    let database: ServerPostgres
    /// `<app id>@<version>`: the first column of every key.
    let app: String

    func write<T: Sendable>(_ body: @Sendable (any AppTransaction) async throws -> T) async throws -> T {
        let probesObjects = database.statistics.probesObjects
        let (result, savedObjects) = try await database.transaction("applying changes") { connection in
            // The transaction takes the app version's lock itself, after the batch's look-ups.
            let transaction = PostgresAppTransaction(
                connection: connection, app: app, probesObjects: probesObjects, logger: database.logger)
            let result = try await body(transaction)
            try await transaction.finish()
            return (result, transaction.savedObjects)
        }
        if savedObjects && !probesObjects { database.statistics.wroteObjects(in: database) }
        return result
    }

    func changes(typeName: String, since: Int64, limit: Int, visibility: ObjectVisibility) async throws -> [StoredObject] {
        try SQLiteText.check(typeName, what: "type name")
        let statement = Self.pullStatement(app: app, typeName: typeName, since: since, limit: limit, visibility: visibility)
        return try await database.rows("reading changes of \(typeName)", statement).map(Self.object)
    }

    /// A pull's statement: as on SQLite (``SQLiteAppStore/pullSQL(_:)``), the visible objects
    /// as disjoint branches, each one range of an index in version order (own objects; others'
    /// objects visible to all; others' group-scope objects of each of the caller's groups),
    /// merged by version with the tombstones of narrowed objects, so a pull never reads
    /// others' rows and reads at most a page from each branch. Values are bound in order: app,
    /// type, since, user, limit, each group, then the tombstones' visibility (user, groups;
    /// user, groups).
    static func pullStatement(app: String, typeName: String, since: Int64, limit: Int, visibility: ObjectVisibility)
        -> PostgresStatement
    {
        var statement = PostgresStatement()
        let app = statement.bind(app)
        let type = statement.bind(typeName)
        let after = statement.bind(since)
        let user = statement.bind(visibility.userId)
        let limit = statement.bind(Int64(limit))
        // Each branch takes its own page, in version order from its index, before the branches
        // meet: PostgreSQL merges a UNION ALL's branches in order only when it sees each is
        // ordered, and a branch's constant equalities (owner, scope, group) do not count there.
        // An object filed under a parent is in a branch only while the caller may see that parent.
        let parent = parentClause(visibility, &statement, table: "objects")
        func branch(_ condition: String) -> String {
            """
            (SELECT \(columns) FROM objects WHERE app = \(app) AND type_name = \(type) AND \(condition) AND \(parent) \
            ORDER BY version LIMIT \(limit))
            """
        }
        var branches = [branch("owner_user = \(user) AND version > \(after)")]
        if visibility.seesAll { branches.append(branch("scope = 3 AND version > \(after) AND owner_user <> \(user)")) }
        for group in visibility.distinctGroupIds {
            branches.append(branch("owner_group = \(statement.bind(group)) AND scope = 2 AND version > \(after) AND owner_user <> \(user)"))
        }
        let before = visibleClause(visibility, &statement, prefix: "n.", scope: "previous_scope", parents: false)
        let now = visibleClause(visibility, &statement, prefix: "o.")
        // The tombstones' branch takes its own page too.
        branches.append(
            """
            (SELECT o.type_name, o.object_id, '{}'::text, o.scope, o.owner_user, o.owner_group, TRUE, MAX(n.version)
            FROM narrowings n JOIN objects o ON o.app = n.app AND o.type_name = n.type_name AND o.object_id = n.object_id
            WHERE n.app = \(app) AND n.type_name = \(type) AND n.version > \(after) AND \(before) AND NOT COALESCE(\(now), FALSE)
            GROUP BY o.type_name, o.object_id, o.scope, o.owner_user, o.owner_group ORDER BY 8 LIMIT \(limit))
            """)
        statement.append(branches.joined(separator: "\nUNION ALL\n") + "\nORDER BY 8 LIMIT \(limit)")
        return statement
    }

    func query(_ query: ObjectQuery, visibility: ObjectVisibility) async throws -> [StoredObject] {
        for case .text(let text) in query.conditions.flatMap(\.values) { try SQLiteText.check(text, what: "query value") }
        let statement = try PostgresObjectQuery.select(query, app: app, visibility: visibility)
        return try await database.rows("querying \(query.typeName)", statement).map(Self.object)
    }

    func object(typeName: String, objectId: String) async throws -> StoredObject? {
        try SQLiteText.check(typeName, objectId, what: "type name or object id")
        return try await database.rows(
            "reading \(typeName) \(objectId)", Self.select(app: app, typeName: typeName, objectId: objectId, columns: Self.columnsWithWriters)
        ).first.map(Self.objectWithWriters)
    }

    func appendLogs(_ entries: [StoredLogEntry]) async throws {
        for entry in entries {
            try SQLiteText.check(entry.userId, entry.level, entry.message, entry.deviceId, entry.kind, what: "log entry")
        }
        guard !entries.isEmpty else { return }
        try await database.transaction("storing \(entries.count) log entries") { connection in
            for entry in entries {
                var insert = PostgresStatement()
                insert.append(
                    """
                    INSERT INTO logs (app, user_id, level, message, metadata_json, logged_at, received_at, device_id, kind)
                    VALUES (\(insert.bind(app)), \(insert.bind(entry.userId)), \(insert.bind(entry.level)), \
                    \(insert.bind(entry.message)), \(insert.bind(entry.metadataJSON)), \
                    \(insert.bind(entry.loggedAt.storedSeconds)), \(insert.bind(entry.receivedAt.storedSeconds)), \
                    \(insert.bind(entry.deviceId)), \(insert.bind(entry.kind)))
                    """)
                try await connection.rows(insert, logger: database.logger)
            }
        }
    }

    func logCount() async throws -> Int {
        var statement = PostgresStatement()
        statement.append("SELECT COUNT(*)::BIGINT FROM logs WHERE app = \(statement.bind(app))")
        return Int(try await database.rows("counting log entries", statement).first?.decode(Int64.self) ?? 0)
    }

    // MARK: Rows

    /// The SQL condition that keeps only objects `visibility` may see, its values bound in
    /// `statement`; the columns are `prefix` + `owner_user`, `scope` (or another name) and
    /// `owner_group`, and, with `parents`, `app`, `parent_type` and `parent_id` (``parentClause(_:_:table:)``).
    static func visibleClause(
        _ visibility: ObjectVisibility, _ statement: inout PostgresStatement, prefix: String = "", scope: String = "scope",
        parents: Bool = true
    ) -> String {
        var clause = "((\(prefix)owner_user = \(statement.bind(visibility.userId))"
        if visibility.seesAll { clause += " OR \(prefix)\(scope) = 3" }
        let groups = visibility.visibleGroupIds
        if !groups.isEmpty {
            clause += " OR (\(prefix)\(scope) = 2 AND \(prefix)owner_group = ANY(\(statement.bind(groups))))"
        }
        clause += ")"
        if parents {
            clause += " AND " + parentClause(visibility, &statement, table: prefix.isEmpty ? "objects" : String(prefix.dropLast()))
        }
        return clause + ")"
    }

    /// The SQL condition that keeps an object filed under a parent only while the caller may see
    /// that parent by their memberships, as on SQLite (``SQLiteAppStore/parentClause(_:table:)``);
    /// `table` names the outer row (`objects` or its alias), whose parent is read by its key.
    static func parentClause(_ visibility: ObjectVisibility, _ statement: inout PostgresStatement, table: String) -> String {
        let seen = visibleClause(visibility.parentVisibility, &statement, prefix: "p.", parents: false)
        return """
            (\(table).parent_id IS NULL OR NOT EXISTS (SELECT 1 FROM objects p WHERE p.app = \(table).app \
            AND p.type_name = \(table).parent_type AND p.object_id = \(table).parent_id AND NOT p.deleted \
            AND NOT COALESCE(\(seen), FALSE)))
            """
    }

    /// The columns ``object(_:)`` reads, in its order: every `SELECT` of objects names them.
    static let columns = "type_name, object_id, values_json::text, scope, owner_user, owner_group, deleted, version"

    /// ``columns`` and the field writers (``StoredObject/writers``): what a write transaction reads.
    static let columnsWithWriters = columns + ", writers_json, parent_type, parent_id"

    static func select(app: String, typeName: String, objectId: String, columns: String = columns) -> PostgresStatement {
        var statement = PostgresStatement()
        statement.append(
            """
            SELECT \(columns) FROM objects WHERE app = \(statement.bind(app)) AND type_name = \(statement.bind(typeName)) \
            AND object_id = \(statement.bind(objectId))
            """)
        return statement
    }

    /// The object of a row of ``columns``.
    static func object(_ row: PostgresRow) throws -> StoredObject {
        let (typeName, objectId, json, scope, ownerUser, ownerGroup, deleted, version) = try row.decode(
            (String, String, String, Int32, String, String?, Bool, Int64).self)
        var reader = WireJSONReader(bytes: Array(json.utf8))
        let values = try reader.readValues() ?? WireCoding.decoder().decode([String: WireValue].self, from: Data(json.utf8))
        return StoredObject(
            typeName: typeName, objectId: objectId, values: values, scope: Int(scope), ownerUser: ownerUser,
            ownerGroup: ownerGroup, deleted: deleted, version: version)
    }

    /// The object of a row of ``columnsWithWriters``, with its writers and parent.
    static func objectWithWriters(_ row: PostgresRow) throws -> StoredObject {
        let (typeName, objectId, json, scope, ownerUser, ownerGroup, deleted, version, writers, parentType, parentId) =
            try row.decode((String, String, String, Int32, String, String?, Bool, Int64, String, String?, String?).self)
        var reader = WireJSONReader(bytes: Array(json.utf8))
        let values = try reader.readValues() ?? WireCoding.decoder().decode([String: WireValue].self, from: Data(json.utf8))
        return StoredObject(
            typeName: typeName, objectId: objectId, values: values, scope: Int(scope), ownerUser: ownerUser,
            ownerGroup: ownerGroup, deleted: deleted, version: version, writers: try FieldWritersJSON.decode(writers),
            parentType: parentType, parentId: parentId)
    }
}
