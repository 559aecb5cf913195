import Foundation
import GRDB
import Logging
import StrataCrossCutting
import Synchronization

/// The SQLite ``ServerDataLayer``: `control.sqlite` plus one file per app version, opened lazily
/// and kept open.
final class SQLiteServerData: ServerDataLayer {
    var control: any ControlStore { controlStore }
    let controlStore: SQLiteControlStore
    private let directory: URL
    private let logger: Logger
    private let appStores = Mutex<[String: SQLiteAppStore]>([:])
    /// The control database's migrations that opening it ran.
    let controlMigrations: [String]
    /// Where every file's statements are recorded (tests only; `nil` in production).
    private let trace: SQLiteStatementTrace?
    /// The epoch once read (see ``epoch()``): it changes only by a restore, with no server running.
    let knownEpoch = Mutex<String?>(nil)
    /// The shared lock on the data directory a restore waits to be the only one to hold.
    let openLock: DataDirectoryLock

    private init(
        directory: URL, logger: Logger, trace: SQLiteStatementTrace?, controlStore: SQLiteControlStore,
        controlMigrations: [String], openLock: DataDirectoryLock
    ) {
        self.directory = directory
        self.logger = logger
        self.trace = trace
        self.controlStore = controlStore
        self.controlMigrations = controlMigrations
        self.openLock = openLock
    }

    /// Opens the control database in `directory`, creating the directory and the database
    /// when missing if `create`, on ``BlockingLane/shared`` (opening waits for the file, for
    /// migrations and for another process creating the folder): the caller is suspended,
    /// never blocked. A `trace` (tests only) records every statement run on it and on the app
    /// databases opened later.
    ///
    /// - Throws: ``ServerDataError`` `notFound` naming `directory` when it holds no
    ///   `control.sqlite` and not `create` (nothing is created then).
    static func open(
        directory: URL, create: Bool = true, logger: Logger, trace: SQLiteStatementTrace? = nil
    ) async throws -> SQLiteServerData {
        try await BlockingLane.shared.run { try openBlocking(directory: directory, create: create, logger: logger, trace: trace) }
    }

    /// ``open(directory:create:logger:trace:)``'s work, blocking the calling thread: only ever
    /// run on a ``BlockingLane``.
    static func openBlocking(
        directory: URL, create: Bool = true, logger: Logger, trace: SQLiteStatementTrace? = nil
    ) throws -> SQLiteServerData {
        let control = directory.appendingPathComponent("control.sqlite")
        if !create, !FileManager.default.fileExists(atPath: control.path) {
            throw ServerDataError(.notFound, "no server data in \(directory.path): no control.sqlite there")
        }
        if !(try SQLiteFileModes.createFolder(directory)) { SQLiteFileModes.warnIfShared(directory, logger: logger) }
        let openLock = try DataDirectoryLock.shared(directory)
        try SQLiteFileModes.createFolder(directory.appendingPathComponent("apps", isDirectory: true))
        let opened = try ServerDatabase.openMigrating(at: control, migrations: ControlSchema.migrations, trace: trace)
        logger.debug("opened the control database", metadata: ["file": "\(control.path)"])
        return SQLiteServerData(
            directory: directory, logger: logger, trace: trace, controlStore: SQLiteControlStore(database: opened.database),
            controlMigrations: opened.applied, openLock: openLock)
    }

    func close() async throws {
        let databases = [controlStore.database] + appStores.withLock { Array($0.values).map(\.database) }
        // Closing waits for the pool's queues: on a blocking lane, never the caller's thread.
        try await BlockingLane.shared.run { for database in databases { try database.close() } }
        logger.debug("closed the server databases", metadata: ["files": "\(databases.count)"])
        openLock.release()
    }

    /// None: another process's messages are found by checking (see ``ServerDataLayer/pushSignals()``).
    func pushSignals() -> AsyncStream<PushSignal>? { nil }

    func appStore(appId: String, version: String) async throws -> any AppObjectStore {
        try Self.checkName(appId, what: "app id")
        try Self.checkName(version, what: "app version")
        let key = "\(appId)@\(version)"
        if let store = appStores.withLock({ $0[key] }) { return store }
        // Opened off the caller's thread; two first requests at once may both open the file
        // (its migrations run once: see SQLiteMigrations), and the first one kept wins.
        let url = directory.appendingPathComponent("apps", isDirectory: true).appendingPathComponent("\(key).sqlite")
        let opened = SQLiteAppStore(database: try await ServerDatabase.opening(at: url, migrations: AppSchema.migrations, trace: trace))
        return appStores.withLock { stores in
            if let store = stores[key] { return store }
            stores[key] = opened
            logger.debug("opened an app database", metadata: ["file": "\(url.path)"])
            return opened
        }
    }

    func checkReady() async throws {
        let expected = ControlSchema.migrations.migrations.count
        let version = try await controlStore.read("reading the schema version") { db in
            try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        }
        try SchemaVersionCheck.check("control.sqlite", version: version, expected: expected)
    }

    /// Applies the pending migrations of `control.sqlite` and of every app version's file in
    /// `directory` (creating the directory and the control database when missing), off the
    /// caller's thread; returns what it applied (`<file>: <number> <name>`).
    static func migrate(directory: URL, logger: Logger) async throws -> [String] {
        try await BlockingLane.shared.run {
            var applied: [String] = []
            let data = try openBlocking(directory: directory, logger: logger)
            applied += data.controlMigrations.map { "control.sqlite: \($0)" }
            let apps = directory.appendingPathComponent("apps", isDirectory: true)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: apps.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".sqlite") {
                let opened = try ServerDatabase.openMigrating(
                    at: apps.appendingPathComponent(file), migrations: AppSchema.migrations)
                applied += opened.applied.map { "apps/\(file): \($0)" }
            }
            return applied
        }
    }

    /// Names that become part of a file name: 1–64 of `[A-Za-z0-9._-]`, not starting with a dot.
    static func checkName(_ name: String, what: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        guard !name.isEmpty, name.count <= 64, !name.hasPrefix("."), name.allSatisfy(allowed.contains) else {
            // Shown without its control characters: the message reaches terminals and logs.
            let shown = String(
                String.UnicodeScalarView(
                    name.unicodeScalars.prefix(80).map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "?" : $0 }))
            throw ServerDataError(
                .invalidName, "\(what) '\(shown)' is not allowed; expected 1–64 of A–Z a–z 0–9 . _ - (not starting with '.')")
        }
    }
}
