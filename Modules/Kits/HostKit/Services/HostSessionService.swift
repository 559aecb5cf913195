import Foundation
import StrataContainer
import StrataCrossCutting
import StrataJournal
import StrataSession
import StrataStore
import StrataSync
import Synchronization

/// `strata-host`'s login-state service (`session`, StrataSync's ``SessionService``) as a
/// container service, on the sync engine, the data layer's session store and its conflicts:
/// what the Account micro-app and the Launcher read through (`context.service(.session)`).
///
/// It remembers the last user it reported, so each change of who is signed in is broadcast
/// once (``Broadcast/session(_:)``), and while started relays the engine's device
/// registrations to the app delegate's hooks. Without an engine it is offline: nobody can
/// sign in, a local sign-out still works; without a conflict store it lists none.
final class HostSessionService: StrataService, SessionService {
    /// The type a configuration names (`Services[].class`): the name configurations have always used.
    static let typeName = "SessionService"

    private struct State {
        /// The last user reported (`.none`: not asked yet).
        var known: SessionUser??
        var context: (any ContainerContext)?
        var relay: Task<Void, Never>?
    }

    private let sync: (any SyncEngine)?
    private let session: (any SessionStore)?
    private let conflictStore: (any SyncConflictStore)?
    private let state = Mutex(State())

    /// The service over `sync`, `session` and `conflicts`; `nil` parts make it offline.
    init(sync: (any SyncEngine)?, session: (any SessionStore)?, conflicts: (any SyncConflictStore)? = nil) {
        self.sync = sync
        self.session = session
        self.conflictStore = conflicts
    }

    var isConfigured: Bool { sync?.isConfigured ?? false }

    /// Takes who is signed in as the baseline and starts relaying device registrations.
    func start(context: any ContainerContext) async throws {
        let registrations = sync?.deviceRegistrations()
        let relay = registrations.map { registrations in
            Task {
                for await event in registrations {
                    switch event {
                    case .registered(let deviceID, _, _):
                        await context.registerDeviceToken(Data(deviceID.utf8))
                    case .failed(_, let account, let reason):
                        await context.failDeviceRegistration(
                            ContainerError(
                                .deviceRegistrationFailed,
                                "registering this device for \(account)'s push messages failed: \(reason)"))
                    }
                }
            }
        }
        let baseline = try? await session?.current()?.user
        state.withLock {
            $0.context = context
            $0.relay = relay
            if $0.known == nil { $0.known = .some(baseline) }
        }
    }

    /// Stops relaying device registrations and lets go of the context: the container holds
    /// this service, so a context kept past here is a cycle that keeps the container, the sync
    /// engine and the store open until the process ends (the store is then never closed and
    /// leaves its `-wal` behind).
    func willDestroy() async {
        let relay = state.withLock { state in
            defer { (state.relay, state.context) = (nil, nil) }
            return state.relay
        }
        relay?.cancel()
    }

    func currentUser() async throws -> SessionUser? {
        let user = try await session?.current()?.user
        await report(user)
        return user
    }

    func signIn(account: String, password: String) async throws -> SessionUser {
        let user = try await requireSync().login(account: account, password: password).user
        await report(user)
        return user
    }

    func signOut(mustSyncWithServer: Bool) async throws -> SignOutOutcome {
        let user = try await session?.current()?.user
        let pending = (try? await status().pendingCount) ?? 0
        do {
            if let sync {
                try await sync.logout(serverSync: mustSyncWithServer)
            } else {
                if mustSyncWithServer { _ = try requireSync() }
                try await session?.clear()
            }
        } catch {
            guard mustSyncWithServer else { throw error }
            throw Self.refusal(error, pending: pending)
        }
        await report(nil)
        return SignOutOutcome(
            user: user, syncedWithServer: mustSyncWithServer, keptChanges: mustSyncWithServer ? 0 : pending)
    }

    func status() async throws -> SyncStatus {
        try await sync?.status() ?? .notConfigured
    }

    func syncNow() async throws -> SyncReport {
        try await requireSync().syncNow()
    }

    func rejectedChanges() async throws -> [Change] {
        guard let sync else { return [] }
        return try await sync.rejectedChanges()
    }

    func retryRejected(_ id: String) async throws -> Change {
        try await requireEngine().retryRejected(id)
    }

    func discardRejected(_ id: String) async throws -> Change {
        try await requireEngine().discardRejected(id)
    }

    func conflicts() async throws -> [SyncConflict] {
        guard let conflictStore else { return [] }
        return try await conflictStore.conflicts()
    }

    func resolveConflict(_ id: String, keepMine: Bool) async throws -> SyncConflict {
        guard let conflictStore else {
            throw DataError(
                .notFound,
                localized("no open conflict has the id '\(id)' (no conflicts on this device)", ja: "ID '\(id)' の競合はありません"))
        }
        return try await ConflictLookup.resolve(id, keepMine: keepMine, in: conflictStore)
    }

    /// A server-synced sign-out's failure as one readable line: how many changes wait and
    /// why; an engine's message that already says it all is not repeated.
    static func refusal(_ error: any Error, pending: Int) -> SyncError {
        let reason = ErrorText.readable(error)
        if reason.hasPrefix("not signed out: ") || reason.hasPrefix("サインアウトしていません") {
            return SyncError(.signOutRefused, reason)
        }
        let waiting = pending == 1 ? "1 change waits" : "\(pending) changes wait"
        return SyncError(
            .signOutRefused,
            "not signed out: \(waiting) to be sent and the server must be told first, but that failed: \(reason); "
                + "sign out without server sync to keep them on this device for the next sign-in")
    }

    /// Broadcasts the change from the last user reported to `user`, if any: a sign-out of the
    /// one before, then a sign-in of the new one.
    private func report(_ user: SessionUser?) async {
        let (before, context) = state.withLock { state in
            defer { state.known = .some(user) }
            return (state.known, state.context)
        }
        guard let context, let before, before != user else { return }
        if let previous = before, previous.userID != user?.userID {
            await context.postSessionChange(.signedOut(userID: previous.userID, account: previous.account))
        }
        if let user, before?.userID != user.userID {
            await context.postSessionChange(.signedIn(userID: user.userID, account: user.account))
        }
    }

    /// The engine, configured or not: rejected changes are local, no server is needed.
    private func requireEngine() throws -> any SyncEngine {
        guard let sync else { return try requireSync() }
        return sync
    }

    private func requireSync() throws -> any SyncEngine {
        guard let sync, sync.isConfigured else {
            throw SyncError(
                .offline,
                localized(
                    "no server configured: set STRATA_SERVER_URL (and STRATA_APP_KEY) to sign in and sync",
                    ja: "サーバーが設定されていません。サインインと同期には STRATA_SERVER_URL（と STRATA_APP_KEY）を設定してください"))
        }
        return sync
    }
}
