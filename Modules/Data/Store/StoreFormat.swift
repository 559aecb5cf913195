import CSQLite
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import StrataStore

/// The store file's identity and version, checked on every open so a file written by a newer
/// Strata, or a file that is not a Strata store, is refused untouched.
enum StoreFormat {
    /// `PRAGMA application_id` of a Strata store ("STRA").
    static let applicationID: Int64 = 0x5354_5241
    /// The store format this build writes and reads (`PRAGMA user_version`).
    /// 1: value-object tables only. 2: internal columns (`_storedAt`, `_scope`, owner, keyed
    /// hashes) and the internal tables (journal, logs, settings, type versions). 3 and later:
    /// the steps of ``StoreMigration/all`` (the last one's version is this).
    static let currentVersion: Int64 = 8

    /// A writable connection's page cache: 32 MiB (SQLite's default is 2 MiB), so a pulled page
    /// of 1,000 objects keeps its dirty pages in memory until its commit; the cache grows only as
    /// pages are used. (Statement journals: ``DataLayerFactory/prepareProcess()``.)
    static let writerTuning = "PRAGMA cache_size = -32768"

    /// Prepares a writable connection that ``check(_:)`` accepted: WAL, synchronous NORMAL,
    /// and the format stamp on a new file.
    static func prepareWritable(_ connection: SQLiteConnection) throws {
        try retryingWhileBusy(connection) {
            try connection.withStatement("PRAGMA journal_mode = WAL") { _ = try $0.step() }
        }
        try connection.execute("PRAGMA synchronous = NORMAL")
        // Deleted content is overwritten, so removed plaintext does not linger in free pages.
        try connection.execute("PRAGMA secure_delete = ON")
        try connection.execute(writerTuning)
        if try connection.integer("PRAGMA user_version") < currentVersion {
            try connection.writeTransaction {
                // Under the write lock: what another process committed since the first look counts.
                try check(connection)
                let version = try connection.integer("PRAGMA user_version")
                guard version < currentVersion else { return }
                if version == 0 { try connection.execute("PRAGMA application_id = \(applicationID)") }
                let hadJournal = try connection.integer(
                    #"SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '_strata_journal'"#) > 0
                for sql in InternalTables.all { try connection.execute(sql) }
                // A store that had the internal tables brings them up to date, step by step.
                if hadJournal {
                    try StoreMigration.migrate(connection, from: version)
                } else {
                    // A new store's journal is empty: its counts start at zero.
                    for sql in StoreCounts.fillJournal { try connection.execute(sql) }
                    // A format-1 store (value-object tables only) never sent anything: its
                    // follow-ups are listed as the step to format 7 lists them. A newer store
                    // that lost its journal table (recovered) may have sent them: none listed.
                    if version > 0 && version <= LocalOnlyRows.lastLocalOnlyFormat { try LocalOnlyRows.list(in: connection) }
                }
                try connection.execute("PRAGMA user_version = \(currentVersion)")
            }
        }
    }

    /// Checks a connection's file is a Strata store this build can read.
    ///
    /// The application id, the format version and the number of schema objects are read by one
    /// statement, so in one read transaction: a file another process is creating right now is
    /// seen either before its first commit (empty) or after it (stamped), never half-way. Any
    /// schema object (a table, a view, an index, a trigger) in a file without Strata's
    /// application id makes it foreign.
    static func check(_ connection: SQLiteConnection) throws {
        let (application, version, objects) = try connection.withStatement(
            """
            SELECT (SELECT application_id FROM pragma_application_id), (SELECT user_version FROM pragma_user_version),
                (SELECT count(*) FROM sqlite_schema)
            """
        ) { statement -> (Int64, Int64, Int64) in
            guard try statement.step() else { return (0, 0, 0) }
            return (statement.int64(at: 0), statement.int64(at: 1), statement.int64(at: 2))
        }
        if application != applicationID && (application != 0 || objects > 0) {
            throw DataError(
                .incompatibleStore,
                "\(connection.path) is not a Strata store (application id \(application)); it was left untouched")
        }
        if version > currentVersion {
            throw DataError(
                .incompatibleStore,
                "\(connection.path) was written by a newer Strata (store format \(version)); this build reads format "
                    + "\(currentVersion) at most. Upgrade Strata; the file was left untouched")
        }
    }

    /// How long the busy retry waits between tries: 1 ms doubling to 50 ms, with full jitter
    /// (two processes opening one new store do not retry in step).
    static let busyBackoff = Backoff(first: 0.001, cap: 0.05)

    /// Runs `body`, retrying while SQLite says busy (switching to WAL may not wait by itself),
    /// for at most the busy timeout.
    ///
    /// It runs only on a ``BlockingLane``'s thread, never on the caller's: the new database's
    /// queue, where `DataLayerFactory.live` and ``SQLiteDatabase/open(container:mode:logger:clock:)``
    /// run ``SQLiteDatabase``'s initializer. So each wait is a plain sleep of that queue's
    /// thread for ``busyBackoff``'s next delay, never a spin and never a thread of Swift's
    /// cooperative pool held. A debug build stops when it is reached from any other thread.
    private static func retryingWhileBusy(_ connection: SQLiteConnection, _ body: () throws -> Void) throws {
        BlockingLane.assertCurrent("the store's busy retry")
        let deadline = ContinuousClock.now + .milliseconds(Int64(SQLiteConnection.busyTimeoutMilliseconds))
        var failures = 0
        while true {
            do {
                return try body()
            } catch let error as DataError where error.code == .busy {
                failures += 1
                let delay = busyBackoff.delay(afterFailures: failures)
                if ContinuousClock.now + .nanoseconds(Int64(delay * 1e9)) > deadline { throw error }
                sleep(seconds: delay)
            }
        }
    }

    /// Sleeps the calling thread (a database queue's) for `seconds`, going on after a signal
    /// for the time left.
    private static func sleep(seconds: Double) {
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
    }
}
