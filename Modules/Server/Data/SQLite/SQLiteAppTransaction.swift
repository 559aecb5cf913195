import Foundation
import GRDB
import StrataWire

/// An ``AppTransaction`` over one GRDB write transaction.
struct SQLiteAppTransaction: AppTransaction {
    let db: Database

    func hasOperation(_ operationId: String) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT 1 FROM operations WHERE operation_id = ?", arguments: [operationId]) ?? false
    }

    func recordOperation(_ operationId: String, userId: String) throws {
        let version = try Int64.fetchOne(db, sql: "SELECT value FROM counter WHERE id = 1") ?? 0
        try db.execute(
            sql: "INSERT INTO operations (operation_id, user_id, version) VALUES (?, ?, ?)",
            arguments: [operationId, userId, version])
    }

    func object(typeName: String, objectId: String) throws -> StoredObject? {
        try SQLiteAppStore.object(db, typeName: typeName, objectId: objectId)
    }

    func nextVersion() throws -> Int64 {
        try db.execute(sql: "UPDATE counter SET value = value + 1 WHERE id = 1")
        return try Int64.fetchOne(db, sql: "SELECT value FROM counter WHERE id = 1") ?? 0
    }

    func save(_ object: StoredObject) throws {
        let json = String(decoding: try WireCoding.encoder().encode(object.values), as: UTF8.self)
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO objects
                    (type_name, object_id, values_json, scope, owner_user, owner_group, deleted, version)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: [
                object.typeName, object.objectId, json, object.scope, object.ownerUser, object.ownerGroup,
                object.deleted, object.version,
            ])
    }

    func visibleObjectIds(typeName: String, visibility: ObjectVisibility) throws -> [String] {
        let (clause, arguments) = SQLiteAppStore.visibleClause(visibility)
        return try String.fetchAll(
            db, sql: "SELECT object_id FROM objects WHERE type_name = ? AND deleted = 0 AND \(clause)",
            arguments: [typeName] + arguments)
    }
}
