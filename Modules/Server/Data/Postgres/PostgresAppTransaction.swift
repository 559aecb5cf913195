import Foundation
import Logging
import PostgresNIO
import StrataCrossCutting
import StrataWire

/// An ``AppTransaction`` over one PostgreSQL transaction on one leased connection.
///
/// Its body runs in the caller's task and awaits each statement it needs (a read the batch's
/// prefetch did not answer, a flush of pending writes before it): nothing blocks a thread.
///
/// Writers of one app version take its counter row's lock (`SELECT … FOR UPDATE`) before they
/// decide anything, and hold it to their commit: versions are taken in commit order (a pull
/// cursor never passes a version still to commit), and an operation id another instance
/// recorded is seen by the next writer. Only the batch's look-ups (``prefetch(operationIds:userId:objectIds:)``,
/// one query for its operation ids and one per type for its objects) run before the lock, so
/// they overlap another device's batch holding it; once locked, one query checks what they
/// found (an operation id recorded since, an object whose version moved) and refreshes it,
/// before any change is decided on it (``lock()``). That check is skipped when the counter
/// has not moved since just before the look-ups: every transaction that writes moves it (one
/// that took no version takes one at ``finish()``), so nothing was committed since. A device
/// pushing alone pays its look-ups once. Every other method takes the lock first.
/// The counter is read once and written once, and the writes go in one statement
/// (``PostgresPendingWrites``) before the next read and, with the counter, before the commit
/// (``finish()``): a batch of 1,000 inserts is BEGIN, a read of the counter, two look-ups, the lock (its check only when
/// another write committed meanwhile), one write and COMMIT.
///
/// Not `Sendable`: it belongs to its one body, which calls it one method at a time.
final class PostgresAppTransaction: AppTransaction {
    let connection: PostgresConnection
    let app: String
    let logger: Logger
    /// The counter while the transaction runs (`nil` before ``lock()``), and whether it moved.
    private var counter: Int64?
    private var counterChanged = false
    /// What the batch looked up, kept current by its own writes.
    let known = SQLiteAppTransaction.Known()
    /// Writes not sent yet: sent in bulk before the next read and before the commit.
    private var pending = PostgresPendingWrites()
    /// What the look-ups made before the lock found, checked once it is taken: the user and the
    /// operation ids not applied then; each type's object ids and their versions then (-1: none).
    private var unlockedOperations: (userId: String, absent: [String])?
    private var unlockedObjects: [(typeName: String, ids: [String], versions: [Int64])] = []
    /// The counter as read just before the look-ups made before the lock (`nil`: none made, or
    /// no counter row yet). Equal to the counter once locked, nothing was committed since.
    private var counterBeforeLookUps: Int64?
    /// Whether the body wrote anything (an object, an operation id, a notice): such a
    /// transaction always moves the counter (``finish()``), so ``lock()`` can trust it.
    private var wrote = false

    /// Whether the batch's objects are looked up by one probe of the key per id, rather than
    /// with `= ANY` (``PostgresPlannerStatistics`` says when the planner can be trusted with it).
    let probesObjects: Bool
    /// Whether the body saved an object (a write the planner's statistics may be missing for).
    private(set) var savedObjects = false

    init(connection: PostgresConnection, app: String, probesObjects: Bool, logger: Logger) {
        self.connection = connection
        self.app = app
        self.probesObjects = probesObjects
        self.logger = logger
    }

    /// Locks the app version's counter and reads it, once; then checks what the look-ups made
    /// before found (``revalidate()``). Every method but the look-ups calls it first.
    func lock() async throws {
        guard counter == nil else { return }
        var statement = PostgresStatement()
        statement.append("SELECT value FROM app_counters WHERE app = \(statement.bind(app)) FOR UPDATE")
        let locked = try await run(statement).first?.decode(Int64.self)
        counter = locked ?? 0
        counterChanged = false
        if let before = counterBeforeLookUps, before == locked {
            // Every writing transaction moves the counter, and none did since the look-ups'
            // snapshots: what they found is current, with no second look.
            unlockedOperations = nil
            unlockedObjects = []
        }
        counterBeforeLookUps = nil
        try await revalidate()
    }

    /// Refreshes what the unlocked look-ups found and a writer that held the lock meanwhile
    /// changed: an operation id recorded since, an object written (or gone) since, all asked in
    /// one query (a second reads the objects that moved, when any did). Under the lock nobody
    /// else writes this app version, so what is known is then current.
    private func revalidate() async throws {
        defer {
            unlockedOperations = nil
            unlockedObjects = []
        }
        let operations = unlockedOperations.flatMap { $0.absent.isEmpty ? nil : $0 }
        guard operations != nil || !unlockedObjects.isEmpty else { return }
        var statement = PostgresStatement()
        let app = statement.bind(app)
        var branches: [String] = []
        if let operations {
            let user = statement.bind(operations.userId)
            let ids = statement.bind(operations.absent)
            branches.append("SELECT 0, '', applied.operation_id FROM (\(Self.appliedOperationsSQL(app: app, user: user, ids: ids))) AS applied")
        }
        // One branch per type, each a range of that type's rows of the app's key (as every read
        // of objects is: ServerStatementPlanTests).
        for group in unlockedObjects {
            let type = statement.bind(group.typeName)
            let ids = statement.bind(PostgresColumn.text(group.ids))
            let versions = statement.bind(PostgresColumn.int64(group.versions))
            branches.append(Self.movedObjectsSQL(app: app, type: type, ids: ids, versions: versions, probes: probesObjects))
        }
        statement.append(branches.joined(separator: "\nUNION ALL\n"))
        var moved: [String: [String]] = [:]
        for row in try await run(statement) {
            let (kind, typeName, id) = try row.decode((Int32, String, String).self)
            if kind == 0, let operations {
                known.recorded(id, userId: operations.userId)
            } else {
                moved[typeName, default: []].append(id)
            }
        }
        for (typeName, ids) in moved { try await lookUp(typeName: typeName, ids: ids) }
    }

    /// Sends the pending writes, before a read.
    private func flush() async throws {
        if let statement = try pending.statement(app: app, counter: nil) { try await run(statement) }
    }

    /// Sends what the body left pending with the counter (when ``nextVersion()`` moved it), in
    /// one statement; called once, after the body and before the commit.
    func finish() async throws {
        guard var counter else { return }  // the body did nothing
        if wrote && !counterChanged {
            // A write that took no version (an operation id of a change with nothing left to
            // do, such as a delete of an object already gone) moves the counter all the same:
            // a batch looked up before the lock then knows it must look again.
            counter += 1
            self.counter = counter
            counterChanged = true
        }
        if let statement = try pending.statement(app: app, counter: counterChanged ? counter : nil) { try await run(statement) }
        counterChanged = false
    }

    func hasOperation(_ operationId: String, userId: String) async throws -> Bool {
        try await lock()
        try SQLiteText.check(operationId, userId, what: "operation id")
        if let applied = known.operation(operationId, userId: userId) { return applied }
        try await flush()
        var statement = PostgresStatement()
        statement.append(
            """
            SELECT 1 FROM operations WHERE app = \(statement.bind(app)) AND user_id = \(statement.bind(userId)) \
            AND operation_id = \(statement.bind(operationId))
            """)
        return try await !run(statement).isEmpty
    }

    func recordOperation(_ operationId: String, userId: String) async throws {
        try await lock()
        try SQLiteText.check(operationId, userId, what: "operation id")
        let version = currentVersion()
        pending.recordOperation(operationId, userId: userId, version: version)
        wrote = true
        known.recorded(operationId, userId: userId)
    }

    func object(typeName: String, objectId: String) async throws -> StoredObject? {
        try await lock()
        try SQLiteText.check(typeName, objectId, what: "type name or object id")
        if let stored = known.object(typeName: typeName, objectId: objectId) { return stored }
        try await flush()
        let select = PostgresAppStore.select(
            app: app, typeName: typeName, objectId: objectId, columns: PostgresAppStore.columnsWithWriters)
        return try await run(select).first.map(PostgresAppStore.objectWithWriters)
    }

    func nextVersion() async throws -> Int64 {
        try await lock()
        let next = (counter ?? 0) + 1
        counter = next
        counterChanged = true
        return next
    }

    private func currentVersion() -> Int64 {
        counter ?? 0
    }

    func save(_ object: StoredObject) async throws {
        try await lock()
        try SQLiteText.check(
            object.typeName, object.objectId, object.ownerUser, object.ownerGroup, object.parentType, object.parentId,
            what: "type name, object id, owner or parent")
        // Known absent (looked up under the lock, not saved since): a plain insert.
        let isNew = known.object(typeName: object.typeName, objectId: object.objectId).map { $0 == nil } ?? false
        try pending.save(object, isNew: isNew)
        known.saved(object)
        wrote = true
        savedObjects = true
    }

    func recordOverwrite(_ notice: StoredOverwrite) async throws {
        try await lock()
        try SQLiteText.check(notice.typeName, notice.objectId, notice.userId, notice.operationId, what: "overwrite notice")
        try pending.recordOverwrite(notice)
    }

    func recordNarrowing(of previous: StoredObject, at version: Int64) async throws {
        try await lock()
        pending.recordNarrowing(of: previous, at: version)
        wrote = true
    }

    func liveChildren(parentType: String, parentId: String) async throws -> [StoredObject] {
        try await lock()
        try SQLiteText.check(parentType, parentId, what: "type name or object id")
        try await flush()
        var statement = PostgresStatement()
        statement.append(
            """
            SELECT \(PostgresAppStore.columnsWithWriters) FROM objects WHERE app = \(statement.bind(app)) \
            AND parent_type = \(statement.bind(parentType)) AND parent_id = \(statement.bind(parentId)) AND NOT deleted \
            ORDER BY type_name, object_id
            """)
        // This transaction's own saves were sent by the flush; `known` may hold a newer copy only
        // of an object saved since, and none was.
        return try await run(statement).map(PostgresAppStore.objectWithWriters)
    }

    func visibleObjectIds(typeName: String, visibility: ObjectVisibility) async throws -> [String] {
        try await lock()
        try SQLiteText.check(typeName, what: "type name")
        try await flush()
        var statement = PostgresStatement()
        let app = statement.bind(app)
        let type = statement.bind(typeName)
        let clause = PostgresAppStore.visibleClause(visibility, &statement)
        statement.append("SELECT object_id FROM objects WHERE app = \(app) AND type_name = \(type) AND NOT deleted AND \(clause)")
        return try await run(statement).map { try $0.decode(String.self) }
    }

    /// Looks the batch up: before the lock when it is the body's first call (see the type's
    /// documentation), then takes the lock, which checks what it found.
    func prefetch(operationIds: [String], userId: String, objectIds: [String: [String]]) async throws {
        try SQLiteText.check(userId, what: "user id")
        let unlocked = counter == nil
        try await flush()
        if unlocked {
            var statement = PostgresStatement()
            statement.append("SELECT value FROM app_counters WHERE app = \(statement.bind(app))")
            counterBeforeLookUps = try await run(statement).first?.decode(Int64.self)
        }
        let ids = operationIds.filter { !$0.utf8.contains(0) }
        if !ids.isEmpty {
            var statement = PostgresStatement()
            let (app, user, wanted) = (statement.bind(app), statement.bind(userId), statement.bind(ids))
            statement.append(Self.appliedOperationsSQL(app: app, user: user, ids: wanted))
            let applied = try await run(statement).map { try $0.decode(String.self) }
            known.lookedUp(operations: ids, applied: applied, userId: userId)
            if unlocked {
                let found = Set(applied.map(ExactText.init))
                unlockedOperations = (userId, ids.filter { !found.contains(ExactText($0)) })
            }
        }
        for (typeName, wanted) in objectIds where !typeName.utf8.contains(0) {
            let ids = wanted.filter { !$0.utf8.contains(0) }
            guard !ids.isEmpty else { continue }
            let found = try await lookUp(typeName: typeName, ids: ids)
            if unlocked {
                var versions: [ExactText: Int64] = [:]
                for object in found { versions[ExactText(object.objectId)] = object.version }
                unlockedObjects.append((typeName, ids, ids.map { versions[ExactText($0)] ?? -1 }))
            }
        }
        try await lock()
    }

    /// Reads the objects `ids` of `typeName` into ``known`` (`nil` for each not stored) and
    /// returns those found.
    @discardableResult
    private func lookUp(typeName: String, ids: [String]) async throws -> [StoredObject] {
        var statement = PostgresStatement()
        let (app, type, wanted) = (statement.bind(app), statement.bind(typeName), statement.bind(ids))
        if probesObjects {
            statement.append(Self.objectProbesSQL(app: app, type: type, ids: wanted))
        } else {
            // No statistics yet: `= ANY` reads the type at most once (PostgresAppTransaction+Probes.swift says why).
            statement.append(
                "SELECT \(PostgresAppStore.columnsWithWriters) FROM objects WHERE app = \(app) AND type_name = \(type) AND object_id = ANY(\(wanted))")
        }
        let found = try await run(statement).map(PostgresAppStore.objectWithWriters)
        known.lookedUp(typeName: typeName, ids: ids, found: found)
        return found
    }

    /// Runs `statement` on the transaction's connection, bounded by ``ServerPostgres/statementTimeout``
    /// (``PostgresConnection/rows(_:logger:within:)``): the request is never held for ever
    /// whatever the statement does.
    @discardableResult
    private func run(_ statement: PostgresStatement) async throws -> [PostgresRow] {
        try await connection.rows(statement, logger: logger)
    }
}
