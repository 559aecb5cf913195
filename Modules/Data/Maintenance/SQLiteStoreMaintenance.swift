#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import StrataMaintenance
import StrataSession
import StrataStore

/// `StoreMaintenance` on the shared SQLite file: each call opens the file with a connection
/// of its own, never through ``SQLiteDatabase`` (which refuses a store marked damaged).
///
/// Every call does its work (whole-file reads, the backup's copy and its waits for a busy
/// writer, recovery) on a ``BlockingLane`` of its own, suspending the caller: never on the
/// caller's thread, so never on Swift's cooperative pool.
struct SQLiteStoreMaintenance: StoreMaintenance {
    let container: ContainerDirectory
    let logger: Logger
    /// The session's Secret Service, when the composition root passed one.
    let keyring: DataKeyring?
    /// When a sound full check ran (``FullCheckRecord``), and whether the next one is due.
    let clock: any StrataClock
    let queue = BlockingLane(label: "strata.store.maintenance")

    init(container: ContainerDirectory, logger: Logger, keyring: DataKeyring? = nil, clock: any StrataClock = SystemClock()) {
        self.container = container
        self.logger = logger
        self.keyring = keyring
        self.clock = clock
    }

    var storeURL: URL { container.storeURL }
    var storePath: String { storeURL.path }
    var marker: DamageMarker { DamageMarker(storeURL: storeURL) }

    func check(quick: Bool) async throws -> StoreCheckResult {
        try await queue.run { try checkNow(quick: quick) }
    }

    func backup(to destination: URL, overwrite: Bool) async throws -> StoreBackupResult {
        try await queue.run { try backupNow(to: destination, overwrite: overwrite) }
    }

    func recover() async throws -> StoreRecoveryReport {
        try await queue.run {
            try requireStore()
            return try StoreRecovery(container: container, logger: logger).run()
        }
    }

    func dataKey() async throws -> DataKeyReport {
        try await queue.run { try keyMove.report() }
    }

    func moveKey(to destination: DataKeyKind) async throws -> DataKeyReport {
        try await queue.run { try keyMove.move(to: destination) }
    }

    /// Where the key the store uses is (the key file, or the Secret Service when it holds it
    /// and the file does not), for the backup's "keep the data key" line.
    private func keyLocation() -> String {
        guard let report = try? keyMove.report(), report.kind != nil else { return FieldCipher.keyURL(in: container).path }
        return report.location
    }

    /// The key's places and the store they belong to.
    private var keyMove: DataKeyMove {
        DataKeyMove(keys: DataKeySource(container: container, keyring: keyring), storePath: storePath, logger: logger)
    }

    /// ``check(quick:)`` on the calling thread (the maintenance queue's). Either check reads
    /// every page, so a sound store records the time (``FullCheckRecord``): the scheduled check
    /// (``checkIfDue(every:)``) counts from it.
    func checkNow(quick: Bool) throws -> StoreCheckResult {
        try requireStore()
        let connection = try SQLiteConnection(path: storePath, access: .readOnly)
        var problems: [String] = []
        do {
            try StoreFormat.check(connection)
        } catch let error as DataError where isDamage(error) {
            problems.append(error.message)
        }
        if problems.isEmpty {
            do {
                try connection.withStatement(quick ? "PRAGMA quick_check" : "PRAGMA integrity_check") { statement in
                    while try statement.step() {
                        let row = statement.text(at: 0)
                        guard row != "ok" else { continue }
                        let lines = row.split(whereSeparator: \.isNewline).map(String.init)
                        let findings = lines.filter { !$0.hasPrefix("*** in database ") }
                        problems += findings.isEmpty ? [row] : findings
                    }
                }
            } catch let error as DataError where isDamage(error) {
                // SQLite may stop the check at a page it cannot read; what it listed so far says more.
                if problems.isEmpty { problems.append(error.message) }
            }
        }
        if problems.isEmpty {
            // Sound pages: the counts strata-status shows must match the rows too.
            do {
                problems += try StoreCounts.drift(in: connection)
            } catch let error as DataError where isDamage(error) {
                problems.append(error.message)
            }
        }
        guard problems.isEmpty else {
            marker.record(problems[0])
            logger.debug("store check found problems", metadata: ["path": "\(storePath)", "count": "\(problems.count)"])
            return StoreCheckResult(storePath: storePath, problems: problems)
        }
        FullCheckRecord.record(clock.now(), storePath: storePath, logger: logger)
        let mark = marker.reason()
        if mark != nil { marker.clear() }
        return StoreCheckResult(storePath: storePath, problems: [], clearedMark: mark)
    }

    /// ``backup(to:overwrite:)`` on the calling thread (the maintenance queue's).
    private func backupNow(to destination: URL, overwrite: Bool) throws -> StoreBackupResult {
        try requireStore()
        let path = destination.standardizedFileURL.path
        try BackupTarget.prepare(path, overwrite: overwrite, store: storePath, keyFile: FieldCipher.keyURL(in: container).path)
        let connection = try SQLiteConnection(path: storePath, access: .readOnly)
        do {
            try StoreFormat.check(connection)
            connection.trackDamage(marker: marker)
            let pages = try connection.backup(into: path)
            return StoreBackupResult(destination: path, pageCount: pages, keyPath: keyLocation())
        } catch {
            // A backup that did not finish is no backup: remove what this call wrote.
            unlink(path)
            throw error
        }
    }

    /// Whether `error` says the file itself is damaged. A foreign or newer file, a lock held
    /// too long, a full disk, or a store SQLite cannot open because of its folder (read-only)
    /// or because it is a directory is a failure to report, never damage to mark: marking it
    /// would make every other command refuse a sound store.
    func isDamage(_ error: DataError) -> Bool {
        switch error.code {
        case .damaged: true
        case .cannotOpen: SQLiteConnection.openProblem(storePath) == nil
        default: false
        }
    }

    /// Refuses to work where there is no store (and never creates one).
    func requireStore() throws {
        var info = stat()
        guard stat(storePath, &info) == 0 else {
            throw DataError(.cannotOpen, "there is no store at \(storePath) (\(String(cString: strerror(errno))))")
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw DataError(.cannotOpen, "the store \(storePath) is not a regular file")
        }
    }
}
