import Foundation
import Logging
import PostgresNIO
import StrataCrossCutting
import StrataWire
import Synchronization

/// An ``AppTransaction`` over one PostgreSQL transaction on one leased connection.
///
/// ``AppTransaction`` is synchronous (the SQLite engine runs it on GRDB's writer queue), so the
/// body runs on a `BlockingLane` (``PostgresAppStore/bodies``), never on the cooperative pool,
/// and a statement it must wait for is awaited there through the lane's one sync-to-async
/// bridge, `BlockingLane.wait(for:)` (never longer than ``ServerPostgres/statementTimeout``
/// and a margin: see ``PostgresDeadline``).
///
/// The transaction starts by locking its app version's counter row (`SELECT … FOR UPDATE`):
/// writers of one app version run one after another, as on SQLite, so an operation id another
/// instance recorded is seen by the next writer's look-up, and versions are taken in commit
/// order. The counter is read once and written once (``saveCounter()``, before the commit);
/// the batch's operation ids and objects are looked up in one query each (``prefetch(operationIds:userId:objectIds:)``),
/// and its writes are sent in one statement per table (``PostgresPendingWrites``) before the
/// next read and before the commit (``finish()``): a batch of 1,000 changes is a handful of
/// round trips, not 2,000.
final class PostgresAppTransaction: AppTransaction, Sendable {
    let connection: PostgresConnection
    let app: String
    let logger: Logger
    /// The counter while the transaction runs, and whether it moved; and what the batch looked up.
    private let state: Mutex<(counter: Int64?, changed: Bool)> = Mutex((nil, false))
    // Safe: `Known` is touched only by the body, on its one queue thread, while it runs.
    nonisolated(unsafe) let known = SQLiteAppTransaction.Known()
    /// Writes not sent yet: sent in bulk before the next read and before the commit.
    private let pending = Mutex(PostgresPendingWrites())

    /// The lane the body runs on: the only place ``wait(_:)`` may block.
    let bodies: BlockingLane

    init(connection: PostgresConnection, app: String, logger: Logger, bodies: BlockingLane) {
        self.connection = connection
        self.app = app
        self.logger = logger
        self.bodies = bodies
    }

    /// Locks the app version's counter and reads it: the first statement of every write.
    func lockCounter() async throws {
        var statement = PostgresStatement()
        statement.append("SELECT value FROM app_counters WHERE app = \(statement.bind(app)) FOR UPDATE")
        let value = try await connection.rows(statement, logger: logger).first?.decode(Int64.self) ?? 0
        state.withLock { $0 = (value, false) }
    }

    /// Sends the pending writes (on the body's thread, before a read).
    private func flush() throws {
        for statement in try pending.withLock({ try $0.statements(app: app) }) { try wait(statement) }
    }

    /// Sends what the body left pending and writes the counter back; called once, after the
    /// body and before the commit.
    func finish() async throws {
        for statement in try pending.withLock({ try $0.statements(app: app) }) {
            try await connection.rows(statement, logger: logger)
        }
        try await saveCounter()
    }

    /// Writes the counter back if ``nextVersion()`` moved it.
    private func saveCounter() async throws {
        let (value, changed) = state.withLock { ($0.counter, $0.changed) }
        guard changed, let value else { return }
        var statement = PostgresStatement()
        statement.append("UPDATE app_counters SET value = \(statement.bind(value)) WHERE app = \(statement.bind(app))")
        try await connection.rows(statement, logger: logger)
        state.withLock { $0.changed = false }
    }

    func hasOperation(_ operationId: String, userId: String) throws -> Bool {
        try SQLiteText.check(operationId, userId, what: "operation id")
        if let applied = known.operation(operationId, userId: userId) { return applied }
        try flush()
        var statement = PostgresStatement()
        statement.append(
            """
            SELECT 1 FROM operations WHERE app = \(statement.bind(app)) AND user_id = \(statement.bind(userId)) \
            AND operation_id = \(statement.bind(operationId))
            """)
        return try !wait(statement).isEmpty
    }

    func recordOperation(_ operationId: String, userId: String) throws {
        try SQLiteText.check(operationId, userId, what: "operation id")
        let version = currentVersion()
        pending.withLock { $0.recordOperation(operationId, userId: userId, version: version) }
        known.recorded(operationId, userId: userId)
    }

    func object(typeName: String, objectId: String) throws -> StoredObject? {
        try SQLiteText.check(typeName, objectId, what: "type name or object id")
        if let stored = known.object(typeName: typeName, objectId: objectId) { return stored }
        try flush()
        let select = PostgresAppStore.select(
            app: app, typeName: typeName, objectId: objectId, columns: PostgresAppStore.columnsWithWriters)
        return try wait(select).first.map(PostgresAppStore.objectWithWriters)
    }

    func nextVersion() throws -> Int64 {
        state.withLock {
            let next = ($0.counter ?? 0) + 1
            $0 = (next, true)
            return next
        }
    }

    private func currentVersion() -> Int64 {
        state.withLock { $0.counter ?? 0 }
    }

    func save(_ object: StoredObject) throws {
        try SQLiteText.check(
            object.typeName, object.objectId, object.ownerUser, object.ownerGroup, object.parentType, object.parentId,
            what: "type name, object id, owner or parent")
        try pending.withLock { try $0.save(object) }
        known.saved(object)
    }

    func recordOverwrite(_ notice: StoredOverwrite) throws {
        try SQLiteText.check(notice.typeName, notice.objectId, notice.userId, notice.operationId, what: "overwrite notice")
        try pending.withLock { try $0.recordOverwrite(notice) }
    }

    func recordNarrowing(of previous: StoredObject, at version: Int64) throws {
        pending.withLock { $0.recordNarrowing(of: previous, at: version) }
    }

    func liveChildren(parentType: String, parentId: String) throws -> [StoredObject] {
        try SQLiteText.check(parentType, parentId, what: "type name or object id")
        try flush()
        var statement = PostgresStatement()
        statement.append(
            """
            SELECT \(PostgresAppStore.columnsWithWriters) FROM objects WHERE app = \(statement.bind(app)) \
            AND parent_type = \(statement.bind(parentType)) AND parent_id = \(statement.bind(parentId)) AND NOT deleted \
            ORDER BY type_name, object_id
            """)
        // This transaction's own saves were sent by the flush; `known` may hold a newer copy only
        // of an object saved since, and none was.
        return try wait(statement).map(PostgresAppStore.objectWithWriters)
    }

    func visibleObjectIds(typeName: String, visibility: ObjectVisibility) throws -> [String] {
        try SQLiteText.check(typeName, what: "type name")
        try flush()
        var statement = PostgresStatement()
        let app = statement.bind(app)
        let type = statement.bind(typeName)
        let clause = PostgresAppStore.visibleClause(visibility, &statement)
        statement.append("SELECT object_id FROM objects WHERE app = \(app) AND type_name = \(type) AND NOT deleted AND \(clause)")
        return try wait(statement).map { try $0.decode(String.self) }
    }

    func prefetch(operationIds: [String], userId: String, objectIds: [String: [String]]) throws {
        try SQLiteText.check(userId, what: "user id")
        try flush()
        let ids = operationIds.filter { !$0.utf8.contains(0) }
        if !ids.isEmpty {
            var statement = PostgresStatement()
            statement.append(
                """
                SELECT operation_id FROM operations WHERE app = \(statement.bind(app)) AND user_id = \(statement.bind(userId)) \
                AND operation_id = ANY(\(statement.bind(ids)))
                """)
            let applied = try wait(statement).map { try $0.decode(String.self) }
            known.lookedUp(operations: ids, applied: applied, userId: userId)
        }
        for (typeName, wanted) in objectIds where !typeName.utf8.contains(0) {
            let ids = wanted.filter { !$0.utf8.contains(0) }
            guard !ids.isEmpty else { continue }
            var statement = PostgresStatement()
            statement.append(
                """
                SELECT \(PostgresAppStore.columnsWithWriters) FROM objects WHERE app = \(statement.bind(app)) \
                AND type_name = \(statement.bind(typeName)) AND object_id = ANY(\(statement.bind(ids)))
                """)
            known.lookedUp(typeName: typeName, ids: ids, found: try wait(statement).map(PostgresAppStore.objectWithWriters))
        }
    }

    /// Runs `statement` on the transaction's connection and waits (on the body's queue thread,
    /// never the cooperative pool) for its rows.
    @discardableResult
    private func wait(_ statement: PostgresStatement) throws -> [PostgresRow] {
        // Blocks the body's own lane thread, never a thread of the cooperative pool. The
        // statement is bounded (``ServerPostgres/statementTimeout``); the wait is too, so the
        // body's thread and the request are never held for ever whatever the statement does.
        precondition(BlockingLane.isCurrent, "a PostgreSQL transaction body waits for a statement only on its lane")
        let connection = connection
        let logger = logger
        let bound = ServerPostgres.statementTimeout + .seconds(5)
        return try BlockingLane.wait {
            try await PostgresDeadline.run(
                within: bound,
                expired: { ServerDataError(.unavailable, "PostgreSQL did not answer a statement within \(bound.components.seconds) s") }
            ) { try await connection.rows(statement, logger: logger) }
        }
    }
}
