import Foundation
import GRDB
import StrataWire

/// The SQLite ``AppObjectStore`` over one app version's file.
struct SQLiteAppStore: AppObjectStore {
    let database: ServerDatabase

    /// Runs `body` inside one GRDB write transaction: its task runs on the writer's thread, inside
    /// the transaction (``SQLiteAppTransaction/BodyExecutor``), so its SQLite work never runs on
    /// the cooperative pool.
    func write<T: Sendable>(_ body: @Sendable (any AppTransaction) async throws -> T) async throws -> T {
        try await database.groupWrite("applying changes") { db in
            let transaction = SQLiteAppTransaction(db: db)
            let result = try SQLiteAppTransaction.BodyExecutor().drive(transaction, body)
            try transaction.saveCounter()
            return result
        }
    }

    func changes(typeName: String, since: Int64, limit: Int, visibility: ObjectVisibility) async throws -> [StoredObject] {
        try SQLiteText.check(typeName, what: "type name")
        let sql = Self.pullSQL(visibility)
        let arguments = Self.pullArguments(typeName: typeName, since: since, limit: limit, visibility: visibility)
        return try await database.read("reading changes of \(typeName)") { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.object)
        }
    }

    /// A pull's SQL: the visible objects changed after `since`, and a tombstone for each object
    /// a write after `since` narrowed away from the caller (visible before that write, by the
    /// scope it had; not visible now). The visible objects are read as disjoint branches, each
    /// one range of an index in version order (see ``AppSchema/pullIndexes(_:)``): the
    /// caller's own objects; others' objects visible to all; others' group-scope objects of
    /// each of the caller's groups. SQLite merges them by version and stops after the page,
    /// so a pull reads only what the caller may see, never others' rows.
    /// An object filed under a parent (a follow-up under its report) is in a branch only while
    /// the caller may see that parent (``parentClause(_:table:)``).
    static func pullSQL(_ visibility: ObjectVisibility) -> String {
        let (parent, _) = parentClause(visibility, table: "objects")
        var branches = ["SELECT \(columns) FROM objects WHERE type_name = ? AND owner_user = ? AND version > ? AND \(parent)"]
        if visibility.seesAll {
            branches.append(
                "SELECT \(columns) FROM objects WHERE type_name = ? AND scope = 3 AND version > ? AND owner_user <> ? AND \(parent)")
        }
        for _ in visibility.distinctGroupIds {
            branches.append(
                "SELECT \(columns) FROM objects WHERE type_name = ? AND owner_group = ? AND scope = 2 AND version > ? "
                    + "AND owner_user <> ? AND \(parent)")
        }
        let (before, _) = visibleClause(visibility, prefix: "n.", scope: "previous_scope", parents: false)
        let (now, _) = visibleClause(visibility, prefix: "o.")
        branches.append(
            """
            SELECT o.type_name, o.object_id, '{}', o.scope, o.owner_user, o.owner_group, 1, MAX(n.version)
            FROM narrowings n JOIN objects o ON o.type_name = n.type_name AND o.object_id = n.object_id
            WHERE n.type_name = ? AND n.version > ? AND \(before) AND IFNULL(\(now), 0) = 0
            GROUP BY o.object_id
            """)
        return branches.joined(separator: "\nUNION ALL\n") + "\nORDER BY version LIMIT ?"
    }

    /// The arguments of ``pullSQL(_:)``, in its order.
    static func pullArguments(typeName: String, since: Int64, limit: Int, visibility: ObjectVisibility) -> StatementArguments {
        let (_, parent) = parentClause(visibility, table: "objects")
        var arguments: StatementArguments = [typeName, visibility.userId, since] + parent
        if visibility.seesAll { arguments += [typeName, since, visibility.userId] + parent }
        for group in visibility.distinctGroupIds {
            arguments += [typeName, group, since, visibility.userId] + parent
        }
        let (_, before) = visibleClause(visibility, prefix: "n.", scope: "previous_scope", parents: false)
        let (_, now) = visibleClause(visibility, prefix: "o.")
        return arguments + [typeName, since] + before + now + [limit]
    }

    func object(typeName: String, objectId: String) async throws -> StoredObject? {
        try SQLiteText.check(typeName, objectId, what: "type name or object id")
        return try await database.read("reading \(typeName) \(objectId)") { db in
            try Self.object(db, typeName: typeName, objectId: objectId)
        }
    }

    func appendLogs(_ entries: [StoredLogEntry]) async throws {
        for entry in entries {
            try SQLiteText.check(entry.userId, entry.level, entry.message, entry.deviceId, entry.kind, what: "log entry")
        }
        try await database.write("storing \(entries.count) log entries") { db in
            for entry in entries {
                try db.execute(
                    sql: """
                        INSERT INTO logs (user_id, level, message, metadata_json, logged_at, received_at, device_id, kind)
                        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        entry.userId, entry.level, entry.message, entry.metadataJSON, entry.loggedAt.storedSeconds,
                        entry.receivedAt.storedSeconds, entry.deviceId, entry.kind,
                    ])
            }
        }
    }

    func logCount() async throws -> Int {
        try await database.read("counting log entries") { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM logs") ?? 0 }
    }

    // MARK: Rows

    /// The SQL condition (and its arguments) that keeps only objects `visibility` may see; the
    /// columns are `prefix` + `owner_user`, `scope` (or another name) and `owner_group`, and,
    /// with `parents`, `parent_type` and `parent_id` (``parentClause(_:table:)``).
    static func visibleClause(
        _ visibility: ObjectVisibility, prefix: String = "", scope: String = "scope", parents: Bool = true
    ) -> (String, StatementArguments) {
        var clause = "((\(prefix)owner_user = ?" + (visibility.seesAll ? " OR \(prefix)\(scope) = 3" : "")
        var arguments: StatementArguments = [visibility.userId]
        let groups = visibility.visibleGroupIds
        if !groups.isEmpty {
            let marks = Array(repeating: "?", count: groups.count).joined(separator: ", ")
            clause += " OR (\(prefix)\(scope) = 2 AND \(prefix)owner_group IN (\(marks)))"
            arguments += StatementArguments(groups)
        }
        clause += ")"
        if parents {
            let (parent, parentArguments) = parentClause(visibility, table: prefix.isEmpty ? "objects" : String(prefix.dropLast()))
            clause += " AND " + parent
            arguments += parentArguments
        }
        return (clause + ")", arguments)
    }

    /// The SQL condition (and its arguments) that keeps an object filed under a parent (a
    /// follow-up under its report) only while the caller may see that parent, by their
    /// memberships (``ObjectVisibility/seesParent(_:)``): a member removed from a report's group
    /// no longer sees the follow-ups she filed under it. An object whose parent the server does
    /// not hold (lost in a restore, until its owner sends it again), or holds deleted (its
    /// follow-ups the deleter could not delete live on), keeps its own visibility.
    /// `table` names the outer row (`objects` or its alias); the parent is read by its key.
    static func parentClause(_ visibility: ObjectVisibility, table: String) -> (String, StatementArguments) {
        let (seen, arguments) = visibleClause(visibility.parentVisibility, prefix: "p.", parents: false)
        let clause = """
            (\(table).parent_id IS NULL OR NOT EXISTS (SELECT 1 FROM objects p \
            WHERE p.type_name = \(table).parent_type AND p.object_id = \(table).parent_id AND p.deleted = 0 AND NOT IFNULL(\(seen), 0)))
            """
        return (clause, arguments)
    }

    /// The columns ``object(_:)`` reads, in the order it reads them: every `SELECT` of objects names them.
    static let columns = "type_name, object_id, values_json, scope, owner_user, owner_group, deleted, version"

    /// ``columns``, the field writers (``StoredObject/writers``) and the parent
    /// (``StoredObject/parentType``): what a write transaction reads.
    static let columnsWithWriters = columns + ", writers_json, parent_type, parent_id"

    /// The object with its field writers, or `nil`.
    static func object(_ db: Database, typeName: String, objectId: String) throws -> StoredObject? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT \(columnsWithWriters) FROM objects WHERE type_name = ? AND object_id = ?"),
            arguments: [typeName, objectId]
        ).map(object)
    }

    /// The object of a row of ``columns``, read by position: by name, GRDB lower-cases and
    /// compares each column name for every value (a pull page reads 8,000 of them).
    static func object(_ row: Row) throws -> StoredObject {
        let json: String = row[2]
        var reader = WireJSONReader(bytes: Array(json.utf8))
        let values = try reader.readValues() ?? WireCoding.decoder().decode([String: WireValue].self, from: Data(json.utf8))
        // A row of ``columnsWithWriters`` has the writers too.
        let writers = row.count > 8 ? try FieldWritersJSON.decode(row[8]) : [:]
        return StoredObject(
            typeName: row[0], objectId: row[1], values: values, scope: row[3], ownerUser: row[4], ownerGroup: row[5],
            deleted: row[6], version: row[7], writers: writers, parentType: row.count > 9 ? row[9] : nil,
            parentId: row.count > 10 ? row[10] : nil)
    }
}
