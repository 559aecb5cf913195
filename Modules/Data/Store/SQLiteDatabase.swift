#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataCrossCutting
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import StrataSession
import StrataStore

/// The one SQLite file behind a live data layer, shared by its store, journal, logs and
/// notices: one connection, used only under a mutex.
///
/// Writers use `BEGIN IMMEDIATE` transactions and a busy timeout; the file is in WAL mode so
/// readers never block writers; a read-only database opens the file `SQLITE_OPEN_READONLY`
/// and never creates or migrates anything.
final class SQLiteDatabase: Sendable {
    enum Mode: Sendable { case readWrite, readOnly }

    let url: URL
    let mode: Mode
    let logger: Logger
    let clock: any StrataClock
    /// Encrypts fields and payloads; `nil` only for a read-only opener when no key exists yet.
    let cipher: FieldCipher?
    private let state: Mutex<StoreState>
    /// The registered tables, readable without the lane (kept in step by ``StoreState``).
    let registeredTables = RegisteredTables()
    /// Where every `async` operation on this database does its SQLite work (never on the
    /// cooperative pool): see ``BlockingLane``.
    let queue: BlockingLane

    /// Opens the store on a queue of its own and resumes the caller with it: the open (file
    /// system calls, the format check and its busy retry's waits, the key, the migrations)
    /// never runs on the caller's thread, so never on Swift's cooperative pool. The queue
    /// becomes the database's ``queue``.
    static func open(
        container: ContainerDirectory, mode: Mode, logger: Logger, clock: any StrataClock, keyring: DataKeyring? = nil
    ) async throws -> SQLiteDatabase {
        let queue = BlockingLane(label: "strata.store")
        return try await queue.run {
            try SQLiteDatabase(container: container, mode: mode, logger: logger, clock: clock, queue: queue, keyring: keyring)
        }
    }

    /// Opens the store on the calling thread, which must be `queue`'s (the open may block: a
    /// busy retry sleeps); async code calls ``open(container:mode:logger:clock:)`` or runs
    /// this in `queue.run` as `DataLayerFactory` does. `keyring` is the session's Secret
    /// Service, when the composition root passed one (see ``DataKeySource``).
    ///
    /// `prefetch`, when given, is the cipher being derived from the container's key file on
    /// another thread meanwhile (`DataLayerFactory` starts it before it queues the open).
    init(
        container: ContainerDirectory, mode: Mode, logger: Logger, clock: any StrataClock, queue: BlockingLane,
        keyring: DataKeyring? = nil, prefetch: FieldCipherPrefetch? = nil
    ) throws {
        BlockingLane.assertCurrent("opening the store")
        self.queue = queue
        let url = container.storeURL
        // A store another process found damaged is refused before anything opens it.
        let marker = DamageMarker(storeURL: url)
        if let reason = marker.reason() {
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw DataError(
                    .damaged,
                    "the store \(url.path) is gone but still marked damaged (\(reason)); unless `strata-host store recover` "
                        + "is running, remove \(marker.url.path) to start a new store")
            }
            throw DataError(.damaged, DamageMarker.message(store: url.path, detail: reason))
        }
        let connection = try SQLiteConnection(path: url.path, access: mode == .readWrite ? .readWrite : .readOnly)
        // Refuse a foreign or newer file before changing anything about it.
        try StoreFormat.check(connection)
        connection.trackDamage(marker: mode == .readWrite ? marker : nil)
        if mode == .readWrite {
            try Self.restrictToOwner(url)
            try StoreFormat.prepareWritable(connection)
            try KeyFile.tidyFolder(of: FieldCipher.keyURL(in: container))
        }
        self.url = url
        self.mode = mode
        self.logger = logger
        self.clock = clock
        cipher = try Self.loadCipher(
            keys: DataKeySource(container: container, keyring: keyring), connection: connection, mode: mode,
            prefetch: prefetch)
        state = Mutex(StoreState(connection: connection, registered: registeredTables))
        logger.debug("opened store", metadata: ["path": "\(url.path)", "mode": "\(mode)"])
    }

    /// Runs `body` with the connection and registered tables, under the mutex.
    func withState<T: Sendable>(_ body: (StoreState) throws -> T) throws -> T {
        try state.withLock { state in try body(state) }
    }

    /// Runs `body` with the connection and registered tables on this database's own queue,
    /// suspending (never blocking) the calling task: the form every `async` operation uses.
    func perform<T: Sendable>(_ body: @escaping @Sendable (StoreState) throws -> T) async throws -> T {
        try await queue.run { try self.withState(body) }
    }

    /// ``write(_:)`` on this database's own queue, suspending (never blocking) the caller.
    func performWrite<T: Sendable>(_ body: @escaping @Sendable (StoreState) throws -> T) async throws -> T {
        try await queue.run { try self.write(body) }
    }

    /// Runs `body` in one write transaction; the change counters of every type it touched
    /// (``StoreState/touch(_:)``) are bumped before the commit, for other processes' notices.
    func write<T: Sendable>(_ body: (StoreState) throws -> T) throws -> T {
        try withState { state in
            defer { state.touchedTypes.removeAll() }
            return try state.connection.writeTransaction {
                let result = try body(state)
                try state.bumpTouchedTypeVersions()
                return result
            }
        }
    }

    /// The cipher, or a clear error when this read-only opener has no key to decrypt with.
    func requireCipher(for what: String) throws -> FieldCipher {
        guard let cipher else {
            throw DataError(
                .cannotOpen,
                "cannot decrypt \(what): the key \(FieldCipher.keyURL(in: ContainerDirectory(url: url.deletingLastPathComponent())).path) does not exist")
        }
        return cipher
    }

    /// Makes the store file owner-only (0600): SQLite gives its `-wal` and `-shm` files the
    /// same mode, so patient data is never readable by other users.
    private static func restrictToOwner(_ url: URL) throws {
        guard chmod(url.path, 0o600) == 0 else {
            throw DataError(.cannotOpen, "cannot make the store \(url.path) owner-only (errno \(errno))")
        }
    }
}
