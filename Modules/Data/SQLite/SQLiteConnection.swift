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
#endif
import StrataStore

/// One SQLite connection: opening with the multi-process settings, statements, transactions.
///
/// Not thread-safe by itself: ``SQLiteStore`` only touches it while holding its mutex, and the
/// connection is opened with `SQLITE_OPEN_NOMUTEX` for that reason.
final class SQLiteConnection {
    enum Access { case readWrite, readOnly }

    /// How long a writer waits for another process's write transaction before giving up.
    static let busyTimeoutMilliseconds: Int32 = 15_000

    let path: String
    let access: Access
    let handle: OpaquePointer
    private var statements: [String: SQLiteStatement] = [:]
    /// Whether a corruption error means a damaged store (set once the file passed the format
    /// check: before that, a file SQLite cannot read is simply not a usable store).
    private var tracksDamage = false
    /// Where a writer marks the store damaged for other processes (`nil` for readers).
    private var damageMarker: DamageMarker?
    /// SQLite's first complaint about a corrupt page on this connection; once set, every
    /// write transaction is refused.
    private(set) var damage: String?
    /// Where this connection reports the statements it runs (tests only: see ``install(_:)``).
    var trace: StatementTrace?

    /// Opens (and for `.readWrite` creates) the database at `path`.
    init(path: String, access: Access) throws {
        self.path = path
        self.access = access
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE
        flags |= access == .readWrite ? (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE) : SQLITE_OPEN_READONLY
        var opened: OpaquePointer?
        let code = sqlite3_open_v2(path, &opened, flags, nil)
        guard code == SQLITE_OK, let opened else {
            let reason = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            if let opened { sqlite3_close_v2(opened) }
            throw DataError(.cannotOpen, "cannot open the store \(path): \(Self.openProblem(path) ?? reason)")
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.busyTimeoutMilliseconds)
    }

    deinit {
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// From now on a corruption error marks the store damaged: this connection refuses every
    /// later write, and `marker` (writers only) tells the other processes.
    func trackDamage(marker: DamageMarker?) {
        tracksDamage = true
        damageMarker = marker
    }

    /// Runs SQL without results (DDL, pragmas, transaction control).
    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code, doing: sql) }
    }

    /// Runs `body` with the prepared statement for `sql`, then resets it.
    ///
    /// - Important: a statement that is not reset keeps its read transaction open, so later
    ///   reads on this connection would see an old snapshot. Use this, not ``statement(_:)``.
    func withStatement<T>(_ sql: String, _ body: (SQLiteStatement) throws -> T) throws -> T {
        let statement = try statement(sql)
        defer { statement.reset() }
        return try body(statement)
    }

    /// A prepared statement for `sql`, reused across calls (reset and unbound when handed out).
    /// The caller must reset it when done (see ``withStatement(_:_:)``).
    func statement(_ sql: String) throws -> SQLiteStatement {
        if let cached = statements[sql] {
            cached.reset()
            return cached
        }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw error(code, doing: sql) }
        if statements.count >= 256 { statements.removeAll() }
        let statement = SQLiteStatement(handle: prepared, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: the write lock is taken up front (waiting
    /// up to the busy timeout), so no write can fail half-way with "database is locked".
    func writeTransaction<T>(_ body: () throws -> T) throws -> T {
        guard access == .readWrite else {
            throw DataError(.readOnly, "the store \(path) is open read-only; writes are not allowed")
        }
        if let damage { throw DataError(.damaged, DamageMarker.message(store: path, detail: damage)) }
        try run("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try run("COMMIT")
            return result
        } catch {
            try? run("ROLLBACK")
            throw error
        }
    }

    /// Runs one statement without results through the statement cache: transaction control,
    /// run on every write, is parsed once per connection rather than by `sqlite3_exec` each time.
    private func run(_ sql: String) throws {
        try withStatement(sql) { statement in _ = try statement.step() }
    }

    /// Rows changed by the last statement.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Reads one integer (a pragma or `count(*)`).
    func integer(_ sql: String) throws -> Int64 {
        try withStatement(sql) { statement in
            guard try statement.step() else { return 0 }
            return statement.int64(at: 0)
        }
    }

    /// Notes SQLite's complaint about a corrupt page (the first one is kept and, for a writer,
    /// marked for other processes) and returns the `damaged` error to throw.
    func damaged(_ message: String) -> DataError {
        if damage == nil {
            damage = message
            damageMarker?.record(message)
        }
        return DataError(.damaged, DamageMarker.message(store: path, detail: message))
    }

    /// Why SQLite cannot open `path`, in plain words, when the file system says so: the path is
    /// a directory, or its folder cannot be written to (SQLite makes the `-wal` and `-shm`
    /// files beside a WAL store even to read it). `nil` when neither is the case.
    static func openProblem(_ path: String) -> String? {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            return "it is a directory, not a store file; move it away or set STRATA_HOME to another directory"
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        guard let reason = FileProblem.unwritableDirectoryReason(folder) else { return nil }
        return "its folder \(folder.path) cannot be written to (\(reason)), and SQLite needs to create "
            + "\(URL(fileURLWithPath: path).lastPathComponent)-wal and -shm there even to read the store; make the folder "
            + "writable (or set STRATA_HOME to a writable directory)"
    }

    /// Maps an SQLite result code into a `DataError` naming the file and the SQL's verb.
    ///
    /// A corruption error (`SQLITE_CORRUPT`, `SQLITE_NOTADB`) on a tracked connection marks
    /// the store damaged (see ``trackDamage(marker:)``) and becomes `damaged`.
    func error(_ code: Int32, doing sql: String) -> DataError {
        let message = String(cString: sqlite3_errmsg(handle))
        switch code & 0xff {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return DataError(
                .busy, "the store \(path) is locked by another process (waited up to \(Self.busyTimeoutMilliseconds / 1000) s): \(message)")
        case SQLITE_READONLY:
            return DataError(.readOnly, "the store \(path) cannot be written: \(message)")
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            guard tracksDamage else {
                return DataError(
                    .cannotOpen,
                    "\(path) is not a usable SQLite store: \(message); if it is a damaged Strata store, "
                        + "`strata-host store recover` copies what is readable into a new one")
            }
            return damaged(message)
        case SQLITE_CANTOPEN:
            return DataError(.cannotOpen, "cannot open the store \(path): \(Self.openProblem(path) ?? message)")
        case SQLITE_IOERR where Self.openProblem(path) != nil:
            return DataError(.cannotOpen, "cannot open the store \(path): \(Self.openProblem(path) ?? message)")
        case SQLITE_FULL:
            return DataError(
                .sqlite, "no space left on the device holding the store \(path): nothing was saved; free some space and try again")
        default:
            let verb = sql.split(separator: " ").first.map(String.init) ?? "SQL"
            return DataError(.sqlite, "SQLite error in \(verb) on \(path): \(message) (code \(code))")
        }
    }
}
