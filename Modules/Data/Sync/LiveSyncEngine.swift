import Foundation
import Logging
import StrataCrossCutting
import StrataWire
import Synchronization

/// The live ``SyncEngine``: the journal, session and logs of one SQLite store, and a
/// ``SyncClient`` when a server is configured (see the protocol for the rules).
final class LiveSyncEngine: SyncEngine {
    let database: SQLiteDatabase
    let journal: any ChangeJournal
    let session: any SessionStore
    let diagnostics: any DiagnosticLog
    let configuration: SyncConfiguration?
    let client: SyncClient?
    let settings: SyncSettings
    let sleep: SyncSleep
    let gate = SyncGate()
    /// The background loop, while it runs.
    let loop = Mutex<Task<Void, Never>?>(nil)
    /// When the loop last pulled each type, and last fetched the log level.
    let schedule = Mutex<[String: Date]>([:])

    var logger: Logger { database.logger }
    var clock: any StrataClock { database.clock }

    init(
        database: SQLiteDatabase, journal: any ChangeJournal, session: any SessionStore, diagnostics: any DiagnosticLog,
        configuration: SyncConfiguration?, transport: (any SyncTransport)?, sleep: SyncSleep?
    ) {
        self.database = database
        self.journal = journal
        self.session = session
        self.diagnostics = diagnostics
        self.configuration = configuration
        if let configuration, let transport {
            client = SyncClient(transport: transport, configuration: configuration)
        } else {
            client = nil
        }
        settings = SyncSettings(database: database)
        self.sleep = sleep ?? { seconds in try await Task.sleep(for: .seconds(seconds)) }
    }

    deinit {
        loop.withLock { $0?.cancel() }
    }

    // MARK: - Login and logout

    func login(account: String, password: String) async throws -> AuthInfo {
        let client = try requireClient(doing: "log in as \(account)")
        let answer: LoginResponse
        do {
            answer = try await client.login(account: account, password: password)
        } catch {
            try? recordFailure(error, doing: "log in")
            if case .unauthorized(let reason) = error {
                throw DataError(.loginRefused, "the sync server \(client.server) refused the login of \(account): \(reason)")
            }
            if case .refused(let status, let reason) = error {
                throw DataError(.loginRefused, "the sync server \(client.server) refused the login of \(account): HTTP \(status): \(reason)")
            }
            throw error.dataError(doing: "log in as \(account)", server: client.server)
        }
        let info = AuthInfo(
            userID: answer.userId, account: answer.account,
            groups: answer.groups.map { GroupRole(groupID: $0.groupId, groupName: $0.groupName, roleName: $0.roleName) },
            token: answer.token, validUntil: answer.validUntil)
        try session.save(info)
        try recordOnline()
        do {
            try await registerDevice(info)
        } catch {
            logger.warning("device registration failed; the background loop retries it", metadata: ["error": "\(error)"])
        }
        return info
    }

    func logout(serverSync: Bool) async throws {
        guard serverSync else {
            if let client, let info = try? session.current() {
                // Best effort: the local logout never depends on the server.
                try? await client.logout(token: info.token)
            }
            try session.clear()
            return
        }
        let client = try requireClient(doing: "log out with server sync")
        guard let info = try session.current() else {
            try session.clear()
            return
        }
        try await gate.run {
            var report = SyncReport(pushed: 0, rejected: 0, pulled: [:], keptLocal: 0, startedAt: clock.now(), finishedAt: clock.now())
            do {
                try await push(as: info, client: client, report: &report)
                try await client.logout(token: info.token)
            } catch let failure as SyncFailure {
                try? recordFailure(failure, doing: "log out")
                throw failure.dataError(doing: "log out with server sync (the session is kept)", server: client.server)
            }
        }
        try session.clear()
        try recordOnline()
    }

    // MARK: - Sync

    func syncNow() async throws -> SyncReport {
        let client = try requireClient(doing: "sync")
        return try await gate.run {
            do {
                let info = try signedIn()
                var report = SyncReport(
                    pushed: 0, rejected: 0, pulled: [:], keptLocal: 0, startedAt: clock.now(), finishedAt: clock.now())
                try await push(as: info, client: client, report: &report)
                for type in try localAndServerTypes() {
                    try await pull(type.name, as: info, client: client, report: &report)
                }
                report.finishedAt = clock.now()
                try recordSuccess()
                return report
            } catch let failure as SyncFailure {
                try? recordFailure(failure, doing: "sync")
                throw failure.dataError(doing: "sync", server: client.server)
            } catch let error as RetriesExhausted {
                try? recordFailure(error.failure, doing: "sync")
                throw error.failure.dataError(doing: error.doing, server: client.server, attempts: error.attempts)
            } catch {
                try? recordError("\(error)")
                throw error
            }
        }
    }

    func status() throws -> SyncStatus {
        let facts = try settings.all()
        let counts = try settings.journalCounts()
        let recorded = facts[SyncSettings.connectivity].flatMap(SyncConnectivity.init(rawValue:))
        let connectivity = recorded ?? (configuration == nil && facts[SyncSettings.server] == nil ? .notConfigured : .unknown)
        return SyncStatus(
            connectivity: connectivity, server: configuration?.serverURL.absoluteString ?? facts[SyncSettings.server],
            pendingCount: counts.pending, rejectedCount: counts.rejected,
            lastSyncAt: SyncSettings.date(facts[SyncSettings.lastSyncAt]), lastError: facts[SyncSettings.lastError],
            lastErrorAt: SyncSettings.date(facts[SyncSettings.lastErrorAt]))
    }

    // MARK: - Shared steps

    /// The client, or `offline` naming what could not be done.
    func requireClient(doing what: String) throws -> SyncClient {
        guard let client else {
            throw DataError(.offline, "cannot \(what): \(DetachedSyncEngine.offlineMessage)")
        }
        return client
    }

    /// The valid session, or `notSignedIn`.
    func signedIn() throws -> AuthInfo {
        guard let info = try session.current() else {
            let waiting = (try? settings.journalCounts().pending) ?? 0
            throw DataError(.notSignedIn, "nobody is signed in (or the session expired): log in first; \(waiting) changes wait in the journal")
        }
        return info
    }

    /// The registered `localAndServer` types with their auto-refresh intervals.
    func localAndServerTypes() throws -> [(name: String, interval: Double?)] {
        try database.withState { state in
            state.tables.values.filter { $0.behaviour.persistentType == .localAndServer && $0.exists }
                .map { (name: $0.typeName, interval: $0.behaviour.autoRefresh?.interval) }
                .sorted { $0.name < $1.name }
        }
    }
}

/// A retryable failure that kept happening for every allowed attempt.
struct RetriesExhausted: Error {
    var failure: SyncFailure
    var doing: String
    var attempts: Int
}
