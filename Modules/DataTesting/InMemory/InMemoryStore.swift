import Foundation
@_spi(Testing) import StrataData
import StrataCrossCutting
import Synchronization

/// The value-object store of `DataLayerFactory.inMemory(readOnly:allowing:clock:session:)`:
/// the SQLite store's rules over dictionaries, under one mutex that also guards the journal,
/// so a save and its change record are one all-or-nothing step, as in the live store.
final class InMemoryStore: ValueObjectStore {
    /// Whether every write throws `readOnly`.
    let readOnly: Bool
    /// The calls a test allows.
    let gate: CallGate
    /// Where "now" comes from: store times (lifespans) and change times.
    let clock: any StrataClock
    /// Who is signed in: recorded as the owner of each change.
    let session: InMemorySessionStore
    /// Told after each commit which types it touched.
    let notices: InMemoryChangeNotices
    /// The registered types, their tables and the journal.
    let state = Mutex(StoreState())

    init(
        readOnly: Bool, gate: CallGate, clock: any StrataClock, session: InMemorySessionStore,
        notices: InMemoryChangeNotices
    ) {
        self.readOnly = readOnly
        self.gate = gate
        self.clock = clock
        self.session = session
        self.notices = notices
    }

    func register<Object: ValueObject>(_ type: Object.Type) throws {
        let schema = Object.schema
        try gate.admit(.register, schema.typeName)
        try schema.validate()
        let now = clock.now().timeIntervalSince1970
        let purged = try state.withLock { state in
            if let owner = state.owners[schema.typeName], owner != ObjectIdentifier(type) {
                throw DataError(
                    .invalidSchema,
                    "two different types use the value-object name \(schema.typeName); names must be unique")
            }
            // A schema is a static property, so it cannot change while the store lives: there
            // is nothing to migrate, only a table to create (never on a read-only store, and
            // never for a server-only type, which keeps no local rows).
            if !readOnly, schema.behaviour.keepsLocalRows, state.tables[schema.typeName] == nil {
                state.tables[schema.typeName] = Table()
            }
            state.owners[schema.typeName] = ObjectIdentifier(type)
            state.behaviours[schema.typeName] = schema.behaviour
            return readOnly ? false : Self.purgeExpired(schema.typeName, in: &state, now: now)
        }
        if purged { notices.publish(schema.typeName) }
    }

    func save<Object: ValueObject>(_ object: Object) throws -> Object {
        try write(.save, Object.self) { state, context in
            // One object: every check throws before anything changes, so no copy is needed.
            try Self.save([object], into: &state, context)[0]
        }
    }

    func save<Object: ValueObject>(_ objects: [Object]) throws -> [Object] {
        try write(.saveList, Object.self) { state, context in
            // All or nothing: write into a copy and keep it only when every object was saved.
            var working = state
            let saved = try Self.save(objects, into: &working, context)
            state = working
            return saved
        }
    }

    func fetch<Object: ValueObject>(_ type: Object.Type, id: String) throws -> Object? {
        try gate.admit(.fetch, Object.schema.typeName)
        let cutoff = Object.schema.behaviour.freshnessCutoff(now: clock.now().timeIntervalSince1970)
        let row = try state.withLock { state in
            try checkRegistered(state, Object.self)
            guard let table = state.tables[Object.schema.typeName], let row = table.rows[id] else { return Row?.none }
            return (table.storedAt[id] ?? 0) >= (cutoff ?? -.infinity) ? row : nil
        }
        return try row.map { try $0.object(id: id) }
    }

    func delete<Object: ValueObject>(_ object: Object) throws -> Bool {
        try write(.delete, Object.self) { state, context in
            guard let id = object.objectId else {
                throw DataError(
                    .notFound, "cannot delete a \(Object.schema.typeName) that was never saved (it has no objectId)")
            }
            return Self.delete(Object.self, ids: [id], in: &state, context) == 1
        }
    }

    func delete<Object: ValueObject>(_ objects: [Object]) throws -> Int {
        try write(.deleteList, Object.self) { state, context in
            // Check every id first, so a bad list deletes nothing.
            let ids = try objects.enumerated().map { index, object in
                guard let id = object.objectId else {
                    throw DataError(
                        .notFound,
                        "cannot delete \(Object.schema.typeName) at index \(index) of the list: it was never "
                            + "saved (it has no objectId); nothing was deleted")
                }
                return id
            }
            return Self.delete(Object.self, ids: ids, in: &state, context)
        }
    }

    func deleteAll<Object: ValueObject>(_ type: Object.Type) throws -> Int {
        try write(.deleteAll, Object.self) { state, context in
            let schema = Object.schema
            let count = state.tables[schema.typeName]?.rows.count ?? 0
            if state.tables[schema.typeName] != nil { state.tables[schema.typeName] = Table() }
            if schema.behaviour.sendsChanges {
                state.journal.removePending(typeName: schema.typeName)
                state.journal.record(
                    context.entry(schema, objectID: "*", .deleteAll, [:]), isNewObject: true, now: context.date)
            }
            return count
        }
    }

    func query<Object: ValueObject>(_ query: Query<Object>) throws -> [Object] {
        try gate.admit(.query, Object.schema.typeName)
        let matching = try rows(matching: query)
        return try query.page(query.sorted(matching)).map { try $0.row.object(id: $0.id) }
    }

    func count<Object: ValueObject>(_ query: Query<Object>) throws -> Int {
        try gate.admit(.count, Object.schema.typeName)
        return try rows(matching: query).count
    }

    /// Runs one write: admits the call, reads the clock and the owner, checks registration
    /// and read-only under the lock, runs `body`, then tells the notices the type changed.
    private func write<Object: ValueObject, Result: Sendable>(
        _ operation: DataOperation, _ type: Object.Type,
        _ body: (inout StoreState, WriteContext) throws -> Result
    ) throws -> Result {
        try gate.admit(operation, Object.schema.typeName)
        let owner = session.owner()
        let context = WriteContext(date: clock.now(), ownerUser: owner.user, ownerGroup: owner.group)
        let result = try state.withLock { state in
            try checkWrite(state, Object.self)
            return try body(&state, context)
        }
        notices.publish(Object.schema.typeName)
        return result
    }
}
