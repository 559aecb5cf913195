import Foundation
import GRDB
import StrataWire

/// An ``AppTransaction`` over one GRDB write transaction.
///
/// Its methods are async, as the protocol's, but do their SQLite work synchronously: they run
/// on the writer's thread, where ``SQLiteAppStore/write(_:)`` runs the body (``BodyExecutor``).
///
/// A push runs these statements once per change, so each is prepared once per connection
/// (`cachedStatement`), values are written by ``WireJSON``, not `JSONEncoder`, the change
/// counter is read once and written once (``saveCounter()``, before the commit), and the
/// batch's operation ids and objects are looked up in one query each (``prefetch(operationIds:userId:objectIds:)``).
struct SQLiteAppTransaction: AppTransaction {
    let db: Database
    private let counter = Counter()
    let known = Known()

    /// The app's change counter while the transaction runs.
    private final class Counter {
        var value: Int64?
        var changed = false
    }

    init(db: Database) {
        self.db = db
    }

    func hasOperation(_ operationId: String, userId: String) async throws -> Bool {
        try SQLiteText.check(operationId, userId, what: "operation id")
        if let applied = known.operation(operationId, userId: userId) { return applied }
        let statement = try db.cachedStatement(sql: "SELECT 1 FROM operations WHERE user_id = ? AND operation_id = ?")
        return try Bool.fetchOne(statement, arguments: [userId, operationId]) ?? false
    }

    func recordOperation(_ operationId: String, userId: String) async throws {
        try SQLiteText.check(operationId, userId, what: "operation id")
        try db.cachedStatement(sql: "INSERT INTO operations (operation_id, user_id, version) VALUES (?, ?, ?)")
            .execute(arguments: [operationId, userId, try currentVersion()])
        known.recorded(operationId, userId: userId)
    }

    func object(typeName: String, objectId: String) async throws -> StoredObject? {
        try SQLiteText.check(typeName, objectId, what: "type name or object id")
        if let stored = known.object(typeName: typeName, objectId: objectId) { return stored }
        return try SQLiteAppStore.object(db, typeName: typeName, objectId: objectId)
    }

    func nextVersion() async throws -> Int64 {
        let next = try currentVersion() + 1
        counter.value = next
        counter.changed = true
        return next
    }

    func save(_ object: StoredObject) async throws {
        try SQLiteText.check(
            object.typeName, object.objectId, object.ownerUser, object.ownerGroup, object.parentType, object.parentId,
            what: "type name, object id, owner or parent")
        let json: String
        if let bytes = WireJSON.values(object.values) {
            json = String(decoding: bytes, as: UTF8.self)
        } else {
            json = String(decoding: try WireCoding.encoder().encode(object.values), as: UTF8.self)
        }
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO objects
                    (type_name, object_id, values_json, scope, owner_user, owner_group, deleted, version, writers_json,
                    parent_type, parent_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        try statement.execute(arguments: [
            object.typeName, object.objectId, json, object.scope, object.ownerUser, object.ownerGroup, object.deleted,
            object.version, FieldWritersJSON.encode(object.writers), object.parentType, object.parentId,
        ])
        known.saved(object)
    }

    func recordOverwrite(_ notice: StoredOverwrite) async throws {
        try SQLiteText.check(notice.typeName, notice.objectId, notice.userId, notice.operationId, what: "overwrite notice")
        let encoder = WireCoding.encoder()
        if !known.prunedOverwrites {
            try db.cachedStatement(sql: "DELETE FROM overwrites WHERE recorded_at < ?")
                .execute(arguments: [notice.recordedAt.addingTimeInterval(-StoredOverwrite.keptFor).storedSeconds])
            known.prunedOverwrites = true
        }
        try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO overwrites
                    (type_name, user_id, version, operation_id, object_id, fields_json, yours_json, theirs_json, by_user, recorded_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            notice.typeName, notice.userId, notice.version, notice.operationId, notice.objectId,
            String(decoding: try encoder.encode(notice.fields), as: UTF8.self),
            String(decoding: try encoder.encode(notice.yours), as: UTF8.self),
            String(decoding: try encoder.encode(notice.theirs), as: UTF8.self), notice.byUser, notice.recordedAt.storedSeconds,
        ])
    }

    func recordNarrowing(of previous: StoredObject, at version: Int64) async throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO narrowings (type_name, version, object_id, previous_scope, owner_user, owner_group)
                VALUES (?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            previous.typeName, version, previous.objectId, previous.scope, previous.ownerUser, previous.ownerGroup,
        ])
    }

    func liveChildren(parentType: String, parentId: String) async throws -> [StoredObject] {
        try SQLiteText.check(parentType, parentId, what: "type name or object id")
        // Saves go to the database at once: it holds this transaction's writes too.
        return try Row.fetchAll(
            db.cachedStatement(
                sql: """
                    SELECT \(SQLiteAppStore.columnsWithWriters) FROM objects
                    WHERE parent_type = ? AND parent_id = ? AND deleted = 0 ORDER BY type_name, object_id
                    """),
            arguments: [parentType, parentId]
        ).map(SQLiteAppStore.object)
    }

    func visibleObjectIds(typeName: String, visibility: ObjectVisibility) async throws -> [String] {
        try SQLiteText.check(typeName, what: "type name")
        let (clause, arguments) = SQLiteAppStore.visibleClause(visibility)
        return try String.fetchAll(
            db, sql: "SELECT object_id FROM objects WHERE type_name = ? AND deleted = 0 AND \(clause)",
            arguments: [typeName] + arguments)
    }

    /// Writes the counter back if ``nextVersion()`` moved it; called once, before the commit.
    func saveCounter() throws {
        guard counter.changed, let value = counter.value else { return }
        try db.cachedStatement(sql: "UPDATE counter SET value = ? WHERE id = 1").execute(arguments: [value])
        counter.changed = false
    }

    private func currentVersion() throws -> Int64 {
        if let value = counter.value { return value }
        let value = try Int64.fetchOne(db.cachedStatement(sql: "SELECT value FROM counter WHERE id = 1")) ?? 0
        counter.value = value
        return value
    }
}
