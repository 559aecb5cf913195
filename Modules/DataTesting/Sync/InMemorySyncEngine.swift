import Foundation
import StrataCrossCutting
import StrataData
import Synchronization

/// The sync engine of an in-memory data layer: offline without a ``SyncScript``, scripted
/// with one; sessions go to the layer's session store, syncs drain its journal.
final class InMemorySyncEngine: SyncEngine {
    private let script: SyncScript?
    private let journal: any ChangeJournal
    private let session: any SessionStore
    private let clock: any StrataClock
    private let pushCursor = Mutex<Int64>(0)
    private let facts = Mutex<(lastSyncAt: Date?, lastError: String?, lastErrorAt: Date?, online: Bool?)>((nil, nil, nil, nil))

    static let offlineMessage = "no server configured (StrataDataTesting: pass a SyncScript to inMemory(sync:) to script one)"

    init(script: SyncScript?, journal: any ChangeJournal, session: any SessionStore, clock: any StrataClock) {
        self.script = script
        self.journal = journal
        self.session = session
        self.clock = clock
    }

    func login(account: String, password: String) async throws -> AuthInfo {
        let script = try reachableScript(doing: "log in as \(account)")
        guard let login = script.login else { throw unexpected("sync.login(account: \(account), password:)") }
        let info = try login(account, password)
        try session.save(info)
        return info
    }

    func logout(serverSync: Bool) async throws {
        if serverSync { _ = try reachableScript(doing: "log out with server sync (the session is kept)") }
        try session.clear()
    }

    func syncNow() async throws -> SyncReport {
        let script = try reachableScript(doing: "sync")
        let started = clock.now()
        guard try session.current() != nil else {
            throw record(DataError(.notSignedIn, "nobody is signed in (or the session expired): log in first"))
        }
        if let sync = script.sync {
            let report = try sync()
            facts.withLock { $0 = (clock.now(), nil, nil, true) }
            return report
        }
        var pushed = 0
        while true {
            let claimed = try journal.claim(limit: 500)
            guard !claimed.isEmpty else { break }
            try journal.acknowledge(operationIDs: claimed.map(\.operationID))
            pushed += claimed.count
        }
        let finished = clock.now()
        facts.withLock { $0 = (finished, nil, nil, true) }
        return SyncReport(pushed: pushed, rejected: 0, pulled: [:], keptLocal: 0, startedAt: started, finishedAt: finished)
    }

    func status() throws -> SyncStatus {
        let facts = facts.withLock { $0 }
        let connectivity: SyncConnectivity =
            script == nil ? .notConfigured : facts.online.map { $0 ? .online : .offline } ?? .unknown
        return SyncStatus(
            connectivity: connectivity, server: script == nil ? nil : "in-memory", pendingCount: try journal.pendingCount(),
            rejectedCount: try journal.rejected().count, lastSyncAt: facts.lastSyncAt, lastError: facts.lastError,
            lastErrorAt: facts.lastErrorAt)
    }

    func receivePushMessages(wait: Double) async throws -> [PushedMessage] {
        let script = try reachableScript(doing: "receive push messages")
        guard let pushMessages = script.pushMessages else { throw unexpected("sync.receivePushMessages(wait: \(wait))") }
        guard try session.current() != nil else {
            throw DataError(.notSignedIn, "nobody is signed in (or the session expired): log in first")
        }
        let after = pushCursor.withLock { $0 }
        return try pushMessages(after).filter { $0.sequence > after }
    }

    func acknowledgePushMessages(through sequence: Int64) throws {
        _ = try reachableScript(doing: "acknowledge push messages")
        pushCursor.withLock { $0 = max($0, sequence) }
    }

    /// The background loop: nothing to do without a real server but tell the script.
    func start() { script?.onLoop?(true) }

    func stop() { script?.onLoop?(false) }

    /// The script when the pretend server is reachable; else `offline` or `unreachable`.
    private func reachableScript(doing what: String) throws -> SyncScript {
        guard let script else { throw DataError(.offline, "cannot \(what): \(Self.offlineMessage)") }
        guard script.reachable else {
            throw record(DataError(.unreachable, "cannot reach the sync server in-memory to \(what): the SyncScript says it is unreachable"), online: false)
        }
        return script
    }

    private func record(_ error: DataError, online: Bool = true) -> DataError {
        let now = clock.now()
        facts.withLock { $0 = ($0.lastSyncAt, error.description, now, online) }
        return error
    }

    private func unexpected(_ call: String) -> DataError {
        DataError(.unexpectedCall, "StrataDataTesting: unexpected call to \(call); the SyncScript does not provide it")
    }
}
