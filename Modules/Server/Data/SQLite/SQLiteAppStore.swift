import Foundation
import GRDB
import StrataWire

/// The SQLite ``AppObjectStore`` over one app version's file.
struct SQLiteAppStore: AppObjectStore {
    let pool: DatabasePool
    let file: String

    func write<T>(_ body: (any AppTransaction) throws -> T) throws -> T {
        try SQLiteDatabase.mapping(file: file, "applying changes") {
            try pool.write { db in
                let transaction = SQLiteAppTransaction(db: db)
                let result = try body(transaction)
                try transaction.saveCounter()
                return result
            }
        }
    }

    func changes(typeName: String, since: Int64, limit: Int, visibility: ObjectVisibility) throws -> [StoredObject] {
        let (clause, arguments) = Self.visibleClause(visibility)
        return try SQLiteDatabase.mapping(file: file, "reading changes of \(typeName)") {
            try pool.read { db in
                try Row.fetchAll(
                    db,
                    sql: """
                        SELECT * FROM objects WHERE type_name = ? AND version > ? AND \(clause)
                        ORDER BY version LIMIT ?
                        """,
                    arguments: [typeName, since] + arguments + [limit]
                ).map(Self.object)
            }
        }
    }

    func object(typeName: String, objectId: String) throws -> StoredObject? {
        try SQLiteDatabase.mapping(file: file, "reading \(typeName) \(objectId)") {
            try pool.read { db in try Self.object(db, typeName: typeName, objectId: objectId) }
        }
    }

    func appendLogs(_ entries: [StoredLogEntry]) throws {
        try SQLiteDatabase.mapping(file: file, "storing \(entries.count) log entries") {
            try pool.write { db in
                for entry in entries {
                    try db.execute(
                        sql: """
                            INSERT INTO logs (user_id, level, message, metadata_json, logged_at, received_at)
                            VALUES (?, ?, ?, ?, ?, ?)
                            """,
                        arguments: [
                            entry.userId, entry.level, entry.message, entry.metadataJSON, entry.loggedAt.storedSeconds,
                            entry.receivedAt.storedSeconds,
                        ])
                }
            }
        }
    }

    func logCount() throws -> Int {
        try SQLiteDatabase.mapping(file: file, "counting log entries") {
            try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM logs") ?? 0 }
        }
    }

    // MARK: Rows

    /// The SQL condition (and its arguments) that keeps only objects `visibility` may see.
    static func visibleClause(_ visibility: ObjectVisibility) -> (String, StatementArguments) {
        var clause = "(owner_user = ? OR scope = 3"
        var arguments: StatementArguments = [visibility.userId]
        if !visibility.groupIds.isEmpty {
            let marks = Array(repeating: "?", count: visibility.groupIds.count).joined(separator: ", ")
            clause += " OR (scope = 2 AND owner_group IN (\(marks)))"
            arguments += StatementArguments(visibility.groupIds)
        }
        return (clause + ")", arguments)
    }

    static func object(_ db: Database, typeName: String, objectId: String) throws -> StoredObject? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT * FROM objects WHERE type_name = ? AND object_id = ?"),
            arguments: [typeName, objectId]
        ).map(object)
    }

    static func object(_ row: Row) throws -> StoredObject {
        let json: String = row["values_json"]
        var reader = WireJSONReader(bytes: Array(json.utf8))
        let values = try reader.readValues() ?? WireCoding.decoder().decode([String: WireValue].self, from: Data(json.utf8))
        return StoredObject(
            typeName: row["type_name"], objectId: row["object_id"], values: values, scope: row["scope"],
            ownerUser: row["owner_user"], ownerGroup: row["owner_group"], deleted: row["deleted"], version: row["version"])
    }
}
