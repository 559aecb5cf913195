import Foundation
@_spi(Testing) import StrataData
import StrataCrossCutting
import Synchronization

/// The checks and row writes every operation of ``InMemoryStore`` shares.
extension InMemoryStore {
    /// What every write in one call shares: the clock reading and the signed-in owner.
    struct WriteContext {
        var date: Date
        var ownerUser: String?
        var ownerGroup: String?

        /// The clock reading in seconds since 1970 (the live store's `_storedAt`).
        var now: Double { date.timeIntervalSince1970 }

        /// A journal entry for one object of `schema`'s type, with its scope and this owner.
        func entry<Object: ValueObject>(
            _ schema: ValueObjectSchema<Object>, objectID: String, _ operation: ChangeOperation,
            _ values: [String: FieldValue]
        ) -> JournalState.Entry {
            JournalState.Entry(
                typeName: schema.typeName, objectID: objectID, operation: operation, values: values,
                scope: schema.behaviour.scope, ownerUser: ownerUser, ownerGroup: ownerGroup)
        }
    }

    /// Throws `notRegistered` unless `Object`'s type was registered.
    func checkRegistered<Object: ValueObject>(_ state: StoreState, _ type: Object.Type) throws {
        let typeName = Object.schema.typeName
        guard state.owners[typeName] == ObjectIdentifier(type) else {
            throw DataError(
                .notRegistered, "\(typeName) is not registered with the store; call register(\(Object.self).self) first")
        }
    }

    /// Throws `notRegistered`, or `readOnly` on a read-only store.
    func checkWrite<Object: ValueObject>(_ state: StoreState, _ type: Object.Type) throws {
        try checkRegistered(state, type)
        guard !readOnly else {
            throw DataError(
                .readOnly, "cannot write \(Object.schema.typeName): the in-memory store was opened read-only")
        }
    }

    /// The ids and readable rows (none for a server-only type, none past the lifespan)
    /// matching `query`'s conditions, in no particular order.
    func rows<Object: ValueObject>(matching query: Query<Object>) throws -> [(id: String, row: Row)] {
        try query.validate()
        let cutoff = Object.schema.behaviour.freshnessCutoff(now: clock.now().timeIntervalSince1970)
        let rows = try state.withLock { state in
            try checkRegistered(state, Object.self)
            return state.tables[Object.schema.typeName]?.readableRows(cutoff: cutoff) ?? [:]
        }
        return rows.compactMap { id, row in query.matches(row, id: id) ? (id, row) : nil }
    }

    /// Saves `objects` as the type's behaviour says: local rows for a type that keeps them,
    /// a journal change (insert or update, coalesced) for a type that goes to the server,
    /// then the periodic purge. Throws before changing anything for a one-object list.
    static func save<Object: ValueObject>(
        _ objects: [Object], into state: inout StoreState, _ context: WriteContext
    ) throws -> [Object] {
        let schema = Object.schema
        var saved: [Object] = []
        saved.reserveCapacity(objects.count)
        for object in objects {
            let isNew = object.objectId == nil
            var result = object
            if schema.behaviour.keepsLocalRows {
                result = try write(
                    object, Row(of: object), into: &state.tables[schema.typeName, default: Table()], ids: &state.ids,
                    now: context.now)
            } else if isNew {
                result.objectId = state.ids.next()
            }
            if schema.behaviour.sendsChanges {
                var values: [String: FieldValue] = [:]
                for field in schema.fields { values[field.key] = field.value(in: object) }
                state.journal.record(
                    context.entry(schema, objectID: result.objectId ?? "", isNew ? .insert : .update, values),
                    isNewObject: isNew, now: context.date)
            }
            saved.append(result)
        }
        if let last = state.lastPurge[schema.typeName], context.now - last < 60 { return saved }
        _ = purgeExpired(schema.typeName, in: &state, now: context.now)
        return saved
    }

    /// Deletes objects by id: their local rows, and (for a type that goes to the server) a
    /// delete change each. Returns how many local rows went; for a server-only type, how many
    /// deletes were recorded (as the live store counts).
    static func delete<Object: ValueObject>(
        _ type: Object.Type, ids: [String], in state: inout StoreState, _ context: WriteContext
    ) -> Int {
        let schema = Object.schema
        var deleted = 0
        for id in ids {
            if schema.behaviour.keepsLocalRows {
                deleted += state.tables[schema.typeName]?.remove(id) == true ? 1 : 0
            } else {
                deleted += 1
            }
            if schema.behaviour.sendsChanges {
                state.journal.record(context.entry(schema, objectID: id, .delete, [:]), isNewObject: false, now: context.date)
            }
        }
        return deleted
    }

    /// Removes the rows of `typeName` past its lifespan, except rows with changes still in
    /// the journal (kept until those are sent). Returns whether a row went.
    static func purgeExpired(_ typeName: String, in state: inout StoreState, now: Double) -> Bool {
        guard let cutoff = state.behaviours[typeName]?.freshnessCutoff(now: now), var table = state.tables[typeName] else {
            return false
        }
        state.lastPurge[typeName] = now
        let expired = table.storedAt.filter { id, storedAt in
            storedAt < cutoff && !state.journal.hasChanges(typeName: typeName, objectID: id)
        }
        guard !expired.isEmpty else { return false }
        for id in expired.keys { _ = table.remove(id) }
        state.tables[typeName] = table
        return true
    }

    /// Inserts (no id: a new unique id) or updates (`notFound` when the id is not stored)
    /// one object, stamping it stored at `now`; `duplicate` when a unique key's value is
    /// taken. Changes nothing on a throw.
    static func write<Object: ValueObject>(
        _ object: Object, _ row: Row, into table: inout Table, ids: inout ObjectIDs, now: Double
    ) throws -> Object {
        let schema = Object.schema
        var saved = object
        let id: String
        if let existing = object.objectId {
            guard table.rows[existing] != nil else {
                throw DataError(
                    .notFound,
                    "\(schema.typeName) '\(existing)' is not stored (it may have been deleted); nothing was saved")
            }
            id = existing
        } else {
            id = ids.next()
            saved.objectId = id
        }
        for key in schema.uniqueKeys {
            let value = row[key] ?? .null
            guard value != .null else { continue }  // like SQLite, nulls never collide
            if let other = table.rows.first(where: {
                $0.key != id && FieldValue.sqliteCompare($0.value[key] ?? .null, value) == 0
            }) {
                throw DataError(
                    .duplicate,
                    "\(schema.typeName).\(key) \(value) is already stored (object '\(other.key)'); it must be unique")
            }
        }
        table.rows[id, default: [:]].merge(row) { _, new in new }
        table.storedAt[id] = now
        return saved
    }
}
