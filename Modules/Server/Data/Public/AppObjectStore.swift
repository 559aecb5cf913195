/// One app version's objects, applied operation ids and uploaded logs.
///
/// Every method is async: SQLite work runs on the database's own queues (GRDB's async `read`
/// and `write`), never on the cooperative pool. A transaction's body is async too: on SQLite it
/// runs on the writer's queue, inside the transaction; on PostgreSQL it awaits each statement.
/// The admin console's reads are ``AppObjectBrowsing``'s.
public protocol AppObjectStore: AppObjectBrowsing {
    /// Runs `body` in one write transaction: everything it does commits together or not at all.
    ///
    /// - Important: An operation id recorded in the transaction commits with the changes it
    ///   made: that is what makes each change apply exactly once. The write returns only once the
    ///   transaction committed (durably, as the engine is set up): an acknowledgement follows it.
    func write<T: Sendable>(_ body: @Sendable (any AppTransaction) async throws -> T) async throws -> T

    /// The objects of `typeName` changed after version `since` and visible to `visibility`, by
    /// version, at most `limit`; and, for each object whose scope a write after `since` narrowed
    /// so that `visibility` no longer sees it though it saw it before, a tombstone (deleted, no
    /// values) at the version of the latest such write.
    func changes(typeName: String, since: Int64, limit: Int, visibility: ObjectVisibility) async throws -> [StoredObject]

    /// The newest history position of this app version: its change counter, the version the
    /// latest write took (0 before any). A pull cursor past it was reached on a history this
    /// store no longer has (the server was restored from a backup).
    func head() async throws -> Int64

    /// The live objects of `query.typeName` visible to `visibility` that meet every condition,
    /// in the query's order (then by object id), skipping `query.offset`, at most `query.limit`.
    ///
    /// - Throws: ``ServerDataError`` `invalidQuery` when a key fails ``ObjectQuery/isKey(_:)``.
    func query(_ query: ObjectQuery, visibility: ObjectVisibility) async throws -> [StoredObject]

    /// The object, deleted or not, or `nil`; the caller checks visibility.
    func object(typeName: String, objectId: String) async throws -> StoredObject?

    /// The overwrite notices of `typeName` for `userId` whose version is after `since` and at
    /// most `through`, by version, for the live objects `visibility` sees (a notice for an
    /// object the user can no longer see, or that was deleted, is left out), at most `limit`.
    func overwrites(
        typeName: String, userId: String, since: Int64, through: Int64, visibility: ObjectVisibility, limit: Int
    )
        async throws -> [StoredOverwrite]

    /// Appends uploaded log entries.
    func appendLogs(_ entries: [StoredLogEntry]) async throws

    /// How many log entries are stored.
    func logCount() async throws -> Int

    /// The stored log entries `query` selects, newest first (see ``LogQuery``).
    func logs(_ query: LogQuery) async throws -> [StoredLogEntry]

    /// Active users and entries per kind, per day, for the entries logged from day `sinceDay` on.
    func logStats(sinceDay: Int64) async throws -> StoredLogStats
}

/// What a write transaction on an ``AppObjectStore`` can do.
///
/// Its methods are async: a PostgreSQL transaction awaits its statements; a SQLite one runs
/// them synchronously on the writer's queue, where its body runs. A transaction belongs to its
/// one body: call its methods one at a time, from the body, never after the body returned.
public protocol AppTransaction {
    /// Whether `userId` applied the operation id before (ids are kept per user).
    func hasOperation(_ operationId: String, userId: String) async throws -> Bool
    /// Records the operation id as applied by `userId`.
    func recordOperation(_ operationId: String, userId: String) async throws
    /// The object, deleted or not, with its ``StoredObject/writers``, or `nil`.
    func object(typeName: String, objectId: String) async throws -> StoredObject?
    /// The app's next change counter (each call increments it).
    func nextVersion() async throws -> Int64
    /// Inserts or replaces the object, with its ``StoredObject/writers``.
    func save(_ object: StoredObject) async throws
    /// Records an overwrite notice (``StoredOverwrite``); notices older than
    /// ``StoredOverwrite/keptFor`` go at the same time.
    func recordOverwrite(_ notice: StoredOverwrite) async throws
    /// Records that the write at `version` narrowed the scope of `previous` (the object as it
    /// was): pulls then send a tombstone to those who saw it and no longer do.
    func recordNarrowing(of previous: StoredObject, at version: Int64) async throws
    /// The ids of the live objects of `typeName` visible to `visibility`.
    func visibleObjectIds(typeName: String, visibility: ObjectVisibility) async throws -> [String]
    /// The live objects (of any type, with their writers) whose parent is the object `parentId`
    /// of `parentType` (``StoredObject/parentType``), whoever may see them.
    func liveChildren(parentType: String, parentId: String) async throws -> [StoredObject]
    /// Looks up in one query each what a batch is about to ask one change at a time: whether
    /// `userId` applied each of `operationIds`, and the stored object (or none) of each id in
    /// `objectIds` (by type name). ``hasOperation(_:userId:)`` and ``object(typeName:objectId:)``
    /// then answer those from memory, which this transaction's own writes keep current; other
    /// questions still go to the database. Optional: answers are the same without it.
    func prefetch(operationIds: [String], userId: String, objectIds: [String: [String]]) async throws
}
