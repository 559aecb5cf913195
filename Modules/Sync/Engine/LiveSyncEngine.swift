import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataJournal
import StrataMaintenance
import StrataSession
import StrataWire
import Synchronization

/// The live ``SyncEngine``: a data layer's journal, session, logs and sync state, and a
/// ``SyncClient`` when a server is configured (see the protocol for the rules).
final class LiveSyncEngine: SyncEngine {
    let journal: any ChangeJournal
    let session: any SessionStore
    let diagnostics: any DiagnosticLog
    let state: any SyncStateStore
    /// The conflicts sync reports (overwrites pulled, changes refused), to record and settle.
    let conflicts: any SyncConflictStore
    let isWritable: Bool
    let configuration: SyncConfiguration?
    let client: SyncClient?
    let logger: Logger
    let clock: any StrataClock
    let sleep: SyncSleep
    /// The wait before each retry: `retryDelay` doubling to `maxRetryDelay`, with full jitter.
    let backoff: Backoff
    let gate = SyncGate()
    /// The background loop, while it runs.
    let loop = Mutex<Task<Void, Never>?>(nil)
    /// When the loop last pulled each type, and last fetched the log level.
    let schedule = Mutex<[String: Date]>([:])
    /// The subscribers of ``deviceRegistrations()``.
    let registrations = DeviceRegistrationHub()
    /// The types the push channel said changed, pulled one run at a time (``pullChanged(_:)``).
    let livePulls = LivePulls()

    static var offlineMessage: String {
        localized(
            "no server configured: set STRATA_SERVER_URL (or the host's server setting) to sign in and sync; "
                + "changes wait in the journal meanwhile",
            ja: "サーバーが設定されていません。サインインと同期には STRATA_SERVER_URL（またはホストのサーバー設定）を"
                + "設定してください。それまで変更はジャーナルで待機します")
    }

    init(
        data: any DataLayer, configuration: SyncConfiguration?, transport: (any SyncTransport)?, logger: Logger,
        clock: any StrataClock, sleep: SyncSleep?, random: (@Sendable (ClosedRange<Double>) -> Double)? = nil
    ) {
        journal = data.journal
        session = data.session
        diagnostics = data.diagnostics
        state = data.syncState
        conflicts = data.conflicts
        isWritable = data.isWritable
        self.configuration = configuration
        if let configuration, let transport {
            client = SyncClient(transport: transport, configuration: configuration)
        } else {
            client = nil
        }
        self.logger = logger
        self.clock = clock
        self.sleep = sleep ?? { seconds in try await Task.sleep(for: .seconds(seconds)) }
        let first = configuration?.retryDelay ?? 0
        let cap = configuration?.maxRetryDelay ?? 0
        backoff = random.map { Backoff(first: first, cap: cap, random: $0) } ?? Backoff(first: first, cap: cap)
    }

    deinit {
        loop.withLock { $0?.cancel() }
    }

    var isConfigured: Bool { client != nil }

    // MARK: - Login and logout

    func loggingIn(account: String, password: String) async throws -> AuthInfo {
        let client = try requireClient(doing: "log in as \(account)")
        let sentAt = clock.now()
        let answer: LoginResponse
        let serverDate: Date?
        do {
            (answer, serverDate) = try await client.login(account: account, password: password)
        } catch {
            try? await recordFailure(error, doing: "log in")
            if case .unauthorized(let reason) = error {
                throw SyncError(.loginRefused, "the sync server \(client.server) refused the login of \(account): \(reason)")
            }
            if case .refused(let status, let reason) = error {
                throw SyncError(.loginRefused, "the sync server \(client.server) refused the login of \(account): HTTP \(status): \(reason)")
            }
            throw error.syncError(doing: "log in as \(account)", server: client.server)
        }
        let info = AuthInfo(
            userID: answer.userId, account: answer.account,
            groups: answer.groups.map { GroupRole(groupID: $0.groupId, groupName: $0.groupName, roleName: $0.roleName) },
            token: answer.token, validUntil: answer.validUntil,
            localExpiry: Self.localExpiry(
                validUntil: answer.validUntil, serverDate: serverDate, sentAt: sentAt, answeredAt: clock.now()))
        try await session.save(info)
        try await recordOnline()
        do {
            try await registerDeviceAndPublish(info)
        } catch {
            logger.warning(
                "device registration failed; the background loop retries it",
                metadata: ["error": "\(readable(error, doing: "register this device"))"])
        }
        return info
    }

    /// When a token valid until `validUntil` (the server's clock) stops being valid on this
    /// device's clock, for a login sent at `sentAt` and answered at `answeredAt` (this device's
    /// clock), the server's clock then being `serverDate`: the login's local time plus the
    /// token's lifetime, so a clock ahead of (or behind) the server's does not end the session
    /// early (or keep it late). `nil` (use `validUntil`) when the server sent no clock and the
    /// token is still valid on this clock; when it sent none and the token already looks
    /// expired here, this clock is wrong by more than the lifetime, and the server's 401
    /// decides when the session ends (`distantFuture`).
    static func localExpiry(validUntil: Date, serverDate: Date?, sentAt: Date, answeredAt: Date) -> Date? {
        guard let serverDate else { return validUntil > answeredAt ? nil : .distantFuture }
        // Within a second and a round trip: the `Date` header counts whole seconds (the lifetime
        // reads up to a second long), and the server answered after `sentAt` (the login's time
        // reads up to a round trip early).
        return sentAt.addingTimeInterval(validUntil.timeIntervalSince(serverDate))
    }

    func loggingOut(serverSync: Bool) async throws {
        guard serverSync else {
            if let client, let info = try? await session.current() {
                // Best effort: the local logout never depends on the server.
                try? await client.logout(token: info.token)
            }
            try await session.clear()
            return
        }
        let client = try requireClient(doing: "log out with server sync")
        guard let info = try await session.current() else {
            try await session.clear()
            return
        }
        try await gate.run {
            var report = SyncReport(pushed: 0, rejected: 0, pulled: [:], keptLocal: 0, startedAt: clock.now(), finishedAt: clock.now())
            do {
                try await push(as: info, client: client, report: &report)
                try await client.logout(token: info.token)
            } catch let failure as SyncFailure {
                try? await recordFailure(failure, doing: "log out")
                throw await logoutRefused(failure, attempts: 1, server: client.server)
            } catch let error as RetriesExhausted {
                // The push gave up after its retries: the server is offline, and the session is kept.
                try? await recordFailure(error.failure, doing: "log out")
                throw await logoutRefused(error.failure, attempts: error.attempts, server: client.server)
            }
        }
        try await session.clear()
        try await recordOnline()
    }

    // MARK: - Sync

    func syncing() async throws -> SyncReport {
        let client = try requireClient(doing: "sync")
        return try await gate.run {
            do {
                let info = try await signedIn()
                var report = SyncReport(
                    pushed: 0, rejected: 0, pulled: [:], keptLocal: 0, startedAt: clock.now(), finishedAt: clock.now())
                try await push(as: info, client: client, report: &report)
                for type in try await state.syncedTypes() {
                    try await pull(type.name, as: info, client: client, report: &report)
                }
                try await uploadLogs(as: info, client: client)  // the server's log level, then the kept logs
                report.finishedAt = clock.now()
                try await recordSuccess()
                return report
            } catch let failure as SyncFailure {
                let removed = await removeOthersDataIfRevoked(failure)
                try? await recordFailure(failure, doing: "sync")
                let error = failure.syncError(doing: "sync", server: client.server)
                throw removed.map { SyncError(error.code, error.message + "; " + $0) } ?? error
            } catch let error as RetriesExhausted {
                try? await recordFailure(error.failure, doing: "sync")
                throw error.failure.syncError(doing: error.doing, server: client.server, attempts: error.attempts)
            } catch {
                try? await recordError(readable(error, doing: "sync"))
                throw error
            }
        }
    }

    func currentStatus() async throws -> SyncStatus {
        var status = try await state.status()
        if let configuration {
            // This engine's server is the one the facts are about; before it is asked, unknown.
            status.server = configuration.shownServer
            if status.connectivity == .notConfigured { status.connectivity = .unknown }
        }
        return status
    }

    /// Why a logout with server sync did not happen, in one line: how many changes wait, why
    /// they could not be sent (or the server told), and what the user can do instead.
    func logoutRefused(_ failure: SyncFailure, attempts: Int, server: String) async -> SyncError {
        let pending = (try? await journal.pendingCount()) ?? 0
        let tries = attempts > 1 ? localized(", tried \(attempts) times", ja: "、\(attempts) 回試行") : ""
        let why: SyncError
        if case .network(let reason) = failure {
            why = SyncError(
                .unreachable,
                localized(
                    "the sync server \(server) cannot be reached (\(reason)\(tries))",
                    ja: "同期サーバー \(server) に接続できません（\(reason)\(tries)）"))
        } else {
            why = failure.syncError(doing: "log out", server: server, attempts: attempts)
        }
        guard pending > 0 else {
            // Nothing waits: only the server's part of the logout failed.
            return SyncError(
                why.code,
                localized(
                    "not signed out: the server must be told first, but \(why.message); "
                        + "log out without server sync to sign out on this device only",
                    ja: "サインアウトしていません: 先にサーバーへ伝える必要がありますが、\(why.message)。"
                        + "この端末だけでサインアウトするにはサーバー同期なしでログアウトしてください"))
        }
        let waiting = pending == 1 ? "1 change waits" : "\(pending) changes wait"
        return SyncError(
            why.code,
            localized(
                "not signed out: \(waiting) to be sent, but \(why.message); "
                    + "log out without server sync to keep them on this device for the next login",
                ja: "サインアウトしていません: 送信待ちの変更が \(pending) 件ありますが、\(why.message)。"
                    + "次のログインまでこの端末に残すにはサーバー同期なしでログアウトしてください"))
    }

    // MARK: - Shared steps

    /// The client, or `offline` naming what could not be done.
    func requireClient(doing what: String) throws -> SyncClient {
        guard let client else {
            throw SyncError(.offline, "cannot \(what): \(Self.offlineMessage)")
        }
        return client
    }

    /// The valid session, or `notSignedIn`.
    func signedIn() async throws -> AuthInfo {
        guard let info = try await session.current() else {
            let waiting = (try? await journal.pendingCount()) ?? 0
            throw SyncError(
                .notSignedIn,
                localized(
                    "nobody is signed in (or the session expired): log in first; \(waiting) changes wait in the journal",
                    ja: "サインインしていません（またはセッションの期限切れ）。先にログインしてください。\(waiting) 件の変更がジャーナルで待機しています"))
        }
        return info
    }
}

/// A retryable failure that kept happening for every allowed attempt.
struct RetriesExhausted: Error {
    var failure: SyncFailure
    var doing: String
    var attempts: Int
}
