import GRDB
import StrataWire

/// A batch's look-ups in one query each (see ``AppTransaction/prefetch(operationIds:userId:objectIds:)``).
extension SQLiteAppTransaction {
    /// What this transaction knows without asking the database: operation ids and objects
    /// looked up for a batch, kept current by the transaction's own writes. It lives and dies
    /// with one write transaction, on the writer's queue (one thread at a time).
    final class Known {
        private var operationsUser: ExactText?
        /// Operation id → applied by `operationsUser` (looked up, or recorded since).
        private var operations: [ExactText: Bool] = [:]
        /// (type name, object id) → the stored object, or `nil` for none (looked up, or saved since).
        private var objects: [ObjectKey: StoredObject?] = [:]
        /// Whether this transaction already removed the overwrite notices past their age.
        var prunedOverwrites = false

        struct ObjectKey: Hashable {
            var typeName: ExactText
            var objectId: ExactText

            init(_ typeName: String, _ objectId: String) {
                self.typeName = ExactText(typeName)
                self.objectId = ExactText(objectId)
            }
        }

        /// Whether `userId` applied `operationId`, when known; `nil` when the database must say.
        func operation(_ operationId: String, userId: String) -> Bool? {
            ExactText(userId) == operationsUser ? operations[ExactText(operationId)] : nil
        }

        func recorded(_ operationId: String, userId: String) {
            if ExactText(userId) == operationsUser { operations[ExactText(operationId)] = true }
        }

        /// The object (`.some(nil)`: none stored) when known; `nil` when the database must say.
        func object(typeName: String, objectId: String) -> StoredObject?? {
            objects[ObjectKey(typeName, objectId)]
        }

        func saved(_ object: StoredObject) {
            objects[ObjectKey(object.typeName, object.objectId)] = .some(object)
        }

        /// Records the answer of one look-up of `ids`: `applied` holds those the database found.
        func lookedUp(operations ids: [String], applied: [String], userId: String) {
            if operationsUser != ExactText(userId) {
                operationsUser = ExactText(userId)
                operations = [:]
            }
            let found = Set(applied.map(ExactText.init))
            for id in ids { operations[ExactText(id)] = found.contains(ExactText(id)) }
        }

        /// Records the answer of one look-up of `ids` of `typeName`: `found` are the objects stored.
        func lookedUp(typeName: String, ids: [String], found: [StoredObject]) {
            var byId: [ExactText: StoredObject] = [:]
            for object in found { byId[ExactText(object.objectId)] = object }
            for id in ids { objects[ObjectKey(typeName, id)] = .some(byId[ExactText(id)]) }
        }
    }

    func prefetch(operationIds: [String], userId: String, objectIds: [String: [String]]) async throws {
        try SQLiteText.check(userId, what: "user id")
        // A text SQLite would cut at U+0000 is left to the one-at-a-time look-up (which refuses it).
        let ids = operationIds.filter { !$0.utf8.contains(0) }
        if !ids.isEmpty {
            let applied = try String.fetchAll(
                db.cachedStatement(
                    sql: "SELECT operation_id FROM operations WHERE user_id = ? AND operation_id IN (SELECT value FROM json_each(?))"),
                arguments: [userId, Self.jsonArray(ids)])
            known.lookedUp(operations: ids, applied: applied, userId: userId)
        }
        for (typeName, wanted) in objectIds where !typeName.utf8.contains(0) {
            let ids = wanted.filter { !$0.utf8.contains(0) }
            guard !ids.isEmpty else { continue }
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(SQLiteAppStore.columnsWithWriters) FROM objects
                        WHERE type_name = ? AND object_id IN (SELECT value FROM json_each(?))
                        """),
                arguments: [typeName, Self.jsonArray(ids)])
            known.lookedUp(typeName: typeName, ids: ids, found: try rows.map(SQLiteAppStore.object))
        }
    }

    /// `texts` as one JSON array of strings, for `json_each`.
    private static func jsonArray(_ texts: [String]) -> String {
        var json: [UInt8] = [UInt8(ascii: "[")]
        for (index, text) in texts.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            WireJSON.appendString(text, to: &json)
        }
        json.append(UInt8(ascii: "]"))
        return String(decoding: json, as: UTF8.self)
    }
}
