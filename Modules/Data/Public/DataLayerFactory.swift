#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
public import Logging
public import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
public import StrataMaintenance
public import StrataSession
import StrataStore

/// The one public way to obtain a data layer: the seed article's `DataLayerFactory`, with
/// explicit arguments instead of hidden globals.
///
/// Opening is `async`: the file system calls, SQLite's open, the format check (with its busy
/// retry), the data key and the migrations run on the new database's own queue
/// (``BlockingLane``), never on the caller's thread and so never on Swift's cooperative
/// pool; the caller is suspended meanwhile.
///
/// Implementations stay `internal` to `StrataData`; hosts (composition roots) are the only
/// code that picks one. Tests get doubles through `StrataDataTesting`'s extension of this
/// factory (`DataLayerFactory.inMemory()`).
public enum DataLayerFactory {
    /// The shared SQLite store in `container`, opened for reading and writing.
    ///
    /// Creates the container directory (owner-only) and the store file when missing. The store
    /// runs in WAL mode with immediate write transactions and a busy timeout, so several
    /// processes can write at once without "database is locked" errors.
    ///
    /// Damage is found by the statements themselves: one that meets a corrupt page fails as
    /// `damaged` and marks the store for every process. `verifyPages` also reads every page of
    /// the file on opening (`PRAGMA quick_check`), so damage where this process's statements
    /// never pass is found before anything is written — at about 1 ms per MiB, a cost that
    /// grows with the store, so no host pays it on every start (issue 29): strata-notifyd runs
    /// the full check in the background once a day instead (``checkIfDue(container:logger:every:clock:)``).
    ///
    /// `keyring` is the session's Secret Service and the user's `DataKeyPlace` as the
    /// composition root found them (`StrataSecretService`), else `nil`: the data key is read
    /// from the container's key file when it is there, else from the keyring; a new store's
    /// key goes to the keyring when it answers and takes it, else to the file — said once
    /// through `DataKeyring/fellBackToFile` when the keyring refused it (see `DataKeyStore`
    /// and `DataKeyPlace`). The keyring's blocking calls run on the store's queue with the
    /// rest of the open.
    ///
    /// - Throws: `DataError` `cannotOpen` naming the file (or the key's place),
    ///   `incompatibleStore` when the file was written by a newer Strata, `damaged` when it is
    ///   marked damaged or, with `verifyPages`, a page is damaged.
    public static func live(
        container: ContainerDirectory, logger: Logger, clock: any StrataClock = SystemClock(), verifyPages: Bool = false,
        keyring: DataKeyring? = nil
    ) async throws -> any DataLayer {
        let queue = BlockingLane(label: "strata.store")
        // The cipher is derived from the key file on another thread while SQLite opens the file.
        let prefetch = FieldCipherPrefetch(keyFile: FieldCipher.keyURL(in: container))
        let database = try await queue.run {
            do {
                try container.prepare()
            } catch {
                throw DataError(.cannotOpen, "\(error)")
            }
            let database = try SQLiteDatabase(
                container: container, mode: .readWrite, logger: logger, clock: clock, queue: queue, keyring: keyring,
                prefetch: prefetch)
            if verifyPages { try database.verifyPages(.everyPage) }
            return database
        }
        return compose(database, isWritable: true)
    }

    /// The shared store opened read-only, or `nil` when there is no store yet.
    ///
    /// Never creates the directory or the file and never migrates; registering a type only
    /// checks its table, and a type whose table does not exist yet reads as empty. Its
    /// ``DataLayer/syncState`` shows what a writer's sync engine recorded.
    ///
    /// Without the data key a read-only layer still counts and reads plaintext keys and fails
    /// only when it must decrypt; `requireKey` refuses such a store at once instead (what a
    /// status display wants: a missing key is a fault to report, not an empty look).
    /// `verifyPages` says what else is read on opening to refuse a damaged file at once
    /// (read-only: a reader never marks the store):
    /// - ``PageVerification/everyPage``: every page (`PRAGMA quick_check`), so a damaged page
    ///   is found even where nothing a reader of counts touches (never normal numbers from a
    ///   damaged store), at about 1 ms per MiB of file;
    /// - ``PageVerification/upTo(bytes:)``: the same while the file is at most that long;
    ///   above it, `quick_check` of the schema and of the small tables a summary reads (the
    ///   kept counts and the settings), so the cost stays flat as the store grows. The
    ///   contract: damage in a page the summary reads is refused at once (the check, or the
    ///   statement that meets it); damage anywhere else is refused as soon as a statement
    ///   that meets it or a full check has marked the store: strata-notifyd's check once a
    ///   day (``checkIfDue(container:logger:every:clock:)``) and `strata-host store check`.
    ///   `strata-status` uses ``PageVerification/statusBudget`` (1 MiB).
    ///
    /// `keyring` as for ``live(container:logger:clock:verifyPages:keyring:)``. A reader given
    /// none (strata-status, which only counts and never decrypts) takes a store that recorded
    /// its key lives in the Secret Service as having its key: `requireKey` then refuses only a
    /// key missing from the file the store says holds it.
    ///
    /// - Throws: `DataError` `cannotOpen` when the container path exists but is not a
    ///   directory (or lies under a file), cannot be looked at (a name too long, a loop of
    ///   links, no permission), or `requireKey` is set and the key the store was
    ///   written with is missing; `damaged` when the store is marked damaged (or `verifyPages`
    ///   finds a damaged page);
    ///   `incompatibleStore` for a foreign or newer file.
    public static func readOnly(
        container: ContainerDirectory, logger: Logger, clock: any StrataClock = SystemClock(), requireKey: Bool = false,
        verifyPages: PageVerification = .none, keyring: DataKeyring? = nil
    ) async throws -> (any DataLayer)? {
        let queue = BlockingLane(label: "strata.store")
        // The cipher is derived from the key file on another thread while SQLite opens the file.
        let prefetch = FieldCipherPrefetch(keyFile: FieldCipher.keyURL(in: container))
        let database = try await queue.run {
            try openReadOnly(
                container: container, logger: logger, clock: clock, requireKey: requireKey, verifyPages: verifyPages,
                queue: queue, keyring: keyring, prefetch: prefetch)
        }
        return database.map { compose($0, isWritable: false) }
    }

    /// ``readOnly(container:logger:clock:requireKey:verifyPages:keyring:)``'s work, on `queue`'s thread.
    private static func openReadOnly(
        container: ContainerDirectory, logger: Logger, clock: any StrataClock, requireKey: Bool,
        verifyPages: PageVerification, queue: BlockingLane, keyring: DataKeyring?, prefetch: FieldCipherPrefetch
    ) throws -> SQLiteDatabase? {
        try requireDirectoryOrNothing(container.url)
        var storeInfo = stat()
        guard stat(container.storeURL.path, &storeInfo) == 0 else {
            // Only "no such file" means no store yet; any other failure is a fault to name.
            let code = errno
            guard code == ENOENT else {
                throw DataError(
                    .cannotOpen,
                    "cannot look at the store \(container.storeURL.path): \(FileProblem.reason(errno: code, path: container.storeURL.path))")
            }
            return nil
        }
        var database = try SQLiteDatabase(
            container: container, mode: .readOnly, logger: logger, clock: clock, queue: queue, keyring: keyring,
            prefetch: prefetch)
        // Without a keyring, a key the store says lives in the Secret Service is not missing:
        // such a reader only counts, and never decrypts (strata-status).
        func lacksKey(_ database: SQLiteDatabase) -> Bool {
            requireKey && database.cipher == nil && database.recordedKeyFingerprint() != nil
                && !(keyring?.store == nil && database.recordedKeyKind() == .secretService)
        }
        if lacksKey(database) {
            // A writer creating the store links the key before it records the fingerprint, so a
            // second look that still finds a fingerprint but no key means the key is really gone.
            database = try SQLiteDatabase(
                container: container, mode: .readOnly, logger: logger, clock: clock, queue: queue, keyring: keyring,
                prefetch: prefetch)
        }
        if lacksKey(database) {
            let place = DataKeySource(container: container, keyring: keyring).missingPlaces(
                recordedKind: database.recordedKeyKind(), problem: nil)
            throw DataError(
                .cannotOpen,
                "\(place) is missing, so the encrypted values in \(container.storeURL.path) cannot be read; "
                    + "restore the key (nothing was changed)")
        }
        try database.verifyPages(verifyPages)
        return database
    }

    /// How often the store's full page check runs (``checkIfDue(container:logger:every:clock:)``):
    /// once a day.
    public static let fullCheckPeriod = Duration.seconds(24 * 60 * 60)

    /// The full page check of the shared store in `container` (`PRAGMA quick_check` of every
    /// page, then the kept counts against the rows, as `strata-host store check --quick`), when
    /// it is due: the store records the time of the last sound full check in its settings
    /// (`store.lastFullCheck`, by whichever process ran it, `store check` included), and the
    /// check is due when that time is `period` old or older, in the future, or missing.
    ///
    /// What no command's start pays: strata-notifyd runs this in the background (see
    /// `StoreCheckSchedule`). The check reads on a connection of its own, on a queue of its
    /// own, safe while other processes write; it never creates a store.
    ///
    /// - Returns: `true` when the check ran and found the store sound (the time is recorded);
    ///   `false` when it was not due (nothing was read but the time).
    /// - Throws: `DataError` `damaged`, one line naming the file, SQLite's first complaint and
    ///   `strata-host store recover`, when the check found damage (the store is then marked
    ///   for every process) or the store was marked already; `cannotOpen` when there is no
    ///   store; `incompatibleStore` for a file that is not a Strata store.
    public static func checkIfDue(
        container: ContainerDirectory, logger: Logger, every period: Duration = fullCheckPeriod,
        clock: any StrataClock = SystemClock()
    ) async throws -> Bool {
        try await SQLiteStoreMaintenance(container: container, logger: logger, clock: clock).checkIfDue(every: period)
    }

    /// The maintenance commands for the shared store in `container`: check, online backup,
    /// recovery of a damaged file. Opening it opens nothing; each call opens the file itself
    /// (never through the live layer, so it works on a store the layer refuses as damaged), on
    /// a queue of its own.
    ///
    /// `keyring` as for ``live(container:logger:clock:verifyPages:keyring:)``: what
    /// `StoreMaintenance/dataKey()` and `StoreMaintenance/moveKey(to:)` (`strata-host
    /// store key`) look in and move to.
    public static func maintenance(
        container: ContainerDirectory, logger: Logger, keyring: DataKeyring? = nil
    ) -> any StoreMaintenance {
        SQLiteStoreMaintenance(container: container, logger: logger, keyring: keyring)
    }

    /// Refuses a container path that exists but is not a directory, or lies under a file.
    private static func requireDirectoryOrNothing(_ url: URL) throws {
        var info = stat()
        if stat(url.path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw DataError(
                    .cannotOpen,
                    "the Strata container \(url.path) is a file, not a directory; point STRATA_HOME at a directory")
            }
        } else if errno == ENOTDIR {
            throw DataError(
                .cannotOpen,
                "the Strata container \(url.path) lies under a file, not a directory; point STRATA_HOME at a directory")
        } else if errno != ENOENT {
            // A name too long, a loop of links, a folder that may not be searched: not "no store yet".
            let code = errno
            throw DataError(
                .cannotOpen,
                "cannot look at the Strata container \(url.path): \(FileProblem.reason(errno: code, path: url.path)); "
                    + "point STRATA_HOME at a directory")
        }
    }

    /// Puts the live parts together on one database.
    private static func compose(_ database: SQLiteDatabase, isWritable: Bool) -> any DataLayer {
        let session = FileSessionStore(database: database)
        let store = SQLiteStore(database: database, owner: { session.owner() }, viewer: { session.viewer() })
        return LiveDataLayer(
            store: store, journal: SQLiteChangeJournal(database: database), diagnostics: SQLiteDiagnosticLog(database: database),
            session: session, notices: SQLiteChangeNotices(database: database), syncState: SQLiteSyncState(database: database, signedIn: { session.signedIn() }),
            conflicts: SQLiteConflictStore(database: database), isWritable: isWritable, location: database.url.path)
    }
}
