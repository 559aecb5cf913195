import Foundation
import GRDB
import StrataCrossCutting

/// One of the server's database files: a GRDB pool in WAL mode with a busy timeout, reached only
/// through GRDB's async `read` and `write`, which run the SQLite work on the pool's own dispatch
/// queues (one writer, a few readers) and suspend the caller: none of it blocks the cooperative
/// pool. GRDB's errors become ``ServerDataError``s naming the file.
///
/// Every connection runs at `synchronous = FULL` (``durability``): a commit returns only once the
/// WAL holding it is on the disk, so what the server acknowledged survives a crash of the server
/// or of the machine (a power cut). GRDB's own WAL setting, `NORMAL`, may lose the last commits then.
struct ServerDatabase: Sendable {
    /// How long a writer waits for another writer (an admin command, another server) before giving up.
    static let busyTimeout: TimeInterval = 10

    /// The `synchronous` setting of every connection: `FULL`, the WAL synced at each commit.
    static let durability = "FULL"

    /// The writer's page cache and checkpoint interval. Every commit syncs the WAL
    /// (``durability``), so how often the WAL is copied back into the file changes no guarantee:
    /// a checkpoint every 10,000 pages (about 40 MB of WAL) instead of SQLite's 1,000 copies a
    /// page a push batch rewrote again and again (the counter, the indexes' last pages) once per
    /// interval, not once per ~5 batches, and syncs the file a tenth as often. A 32 MiB cache
    /// (SQLite's default is 2 MiB) keeps the indexes a push looks up and extends in memory.
    static let writerTuning = "PRAGMA cache_size = -32768; PRAGMA wal_autocheckpoint = 10000"

    /// The pool.
    let pool: DatabasePool
    /// The file's path, for messages.
    let file: String
    /// The file's write transactions that may share a commit (``groupWrite(_:_:)``).
    let commits = GroupCommit()

    /// Opens (creating, owner-only: see ``SQLiteFileModes``) the database at `url` and runs the
    /// `migrations` it has not run yet, in order, recorded with their effect.
    ///
    /// Blocks while it opens (and while another process opens a database in the same folder):
    /// call it from a dispatch thread, e.g. through ``opening(at:migrations:)``.
    /// A `trace` (tests only) records every statement the pool's connections run.
    static func open(at url: URL, migrations: SQLiteMigrations, trace: SQLiteStatementTrace? = nil) throws -> ServerDatabase {
        try openMigrating(at: url, migrations: migrations, trace: trace).database
    }

    /// ``open(at:migrations:trace:)``, and the migrations it ran (`<number> <name>`).
    static func openMigrating(at url: URL, migrations: SQLiteMigrations, trace: SQLiteStatementTrace? = nil) throws -> (
        database: ServerDatabase, applied: [String]
    ) {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = url.lastPathComponent
        // Every connection of the pool, readers included: none runs at a weaker setting.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = \(durability)") }
        trace?.install(on: &configuration, file: url.path)
        // Creating the file, switching it to WAL and migrating it is one step among processes:
        // SQLite's busy handler does not cover `PRAGMA journal_mode = WAL` on a new file, so two
        // servers or admin commands starting at once on an empty data directory used to fail
        // with "database is locked". Another process opening the same folder waits here.
        return try SQLiteFileModes.withFolderLock(url.deletingLastPathComponent()) {
            try SQLiteFileModes.prepareDatabase(url)
            do {
                let pool = try DatabasePool(path: url.path, configuration: configuration)
                // GRDB switches its writer to `synchronous = NORMAL` after `prepareDatabase`, when
                // it sets WAL mode: set the writer back before its first commit.
                try pool.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA synchronous = \(durability)")
                    try db.execute(sql: writerTuning)
                }
                let applied = try migrations.run(on: pool)
                return (ServerDatabase(pool: pool, file: url.path), applied)
            } catch {
                throw ServerDataError(.cannotOpen, "cannot open the server database \(url.path): \(error)")
            }
        }
    }

    /// ``open(at:migrations:trace:)`` on ``BlockingLane/shared``, the caller suspended
    /// meanwhile: for a file opened on first use by a request.
    static func opening(at url: URL, migrations: SQLiteMigrations, trace: SQLiteStatementTrace? = nil) async throws
        -> ServerDatabase
    {
        try await BlockingLane.shared.run { try open(at: url, migrations: migrations, trace: trace) }
    }

    /// Checkpoints and closes the pool (blocking: from a dispatch thread); a second close does nothing.
    func close() throws {
        do {
            // Readers first: GRDB closes the writer before them, and the last connection to close
            // checkpoints and removes the WAL only if it may write (GRDB issue #739).
            pool.releaseMemory()
            try pool.close()
        } catch {
            throw Self.mapped(error, file: file, "closing")
        }
    }

    /// Runs `body` in a read transaction on one of the pool's readers.
    func read<T: Sendable>(
        _ what: @autoclosure () -> String, _ body: @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try await pool.read(body)
        } catch {
            throw Self.mapped(error, file: file, what())
        }
    }

    /// Runs `body` in a write transaction on the pool's writer: it commits, or rolls back when `body` throws.
    func write<T: Sendable>(
        _ what: @autoclosure () -> String, _ body: @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try await pool.write(body)
        } catch {
            throw Self.mapped(error, file: file, what())
        }
    }

    /// Runs `body` in a write transaction on the pool's writer that may be shared with other
    /// callers' bodies, each in its own savepoint (``GroupCommit``): it returns once that
    /// transaction committed (one sync of the WAL for the group), or throws when `body` threw
    /// (its writes rolled back, the others' kept) or the commit failed.
    func groupWrite<T: Sendable>(
        _ what: @autoclosure () -> String, _ body: @Sendable (Database) throws -> T
    ) async throws -> T {
        do {
            return try await withoutActuallyEscaping(body) { body in try await commits.write(pool, body) }
        } catch {
            throw Self.mapped(error, file: file, what())
        }
    }

    /// `PRAGMA synchronous` on the writer and on a reader (2 is FULL): what the pool's connections run with.
    func synchronousSettings() async throws -> (writer: Int, reader: Int) {
        let writer = try await write("reading the synchronous setting") { try Int.fetchOne($0, sql: "PRAGMA synchronous") ?? -1 }
        let reader = try await read("reading the synchronous setting") { try Int.fetchOne($0, sql: "PRAGMA synchronous") ?? -1 }
        return (writer, reader)
    }

    /// A GRDB error as a ``ServerDataError`` naming `what` (and, for a failure, `file`); a
    /// ``ServerDataError`` and a cancellation as they are.
    static func mapped(_ error: any Error, file: String, _ what: String) -> any Error {
        switch error {
        case let error as ServerDataError: return error
        case let error as CancellationError: return error
        case let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT:
            // What exists is the name; no file: this message reaches API clients and console pages.
            return ServerDataError(.duplicate, "\(what) already exists")
        default: return ServerDataError(.storage, "\(what) failed in \(file): \(error)")
        }
    }
}

extension Date {
    /// Seconds since 1970, as stored.
    var storedSeconds: Double { timeIntervalSince1970 }
    /// A date from stored seconds since 1970.
    init(storedSeconds: Double) { self.init(timeIntervalSince1970: storedSeconds) }
}
