import Foundation
import Synchronization

/// The ``SessionService`` over a ``SessionBackend``: remembers the last user it reported, so
/// each change is broadcast once, and relays device registrations to the app hooks.
final class LiveSessionService: SessionService {
    private struct State {
        /// The last user reported (`.none`: not asked yet).
        var known: SessionUser??
        var context: (any ContainerContext)?
        var relay: Task<Void, Never>?
    }

    private let backend: any SessionBackend
    private let state = Mutex(State())

    init(backend: any SessionBackend) {
        self.backend = backend
    }

    var isConfigured: Bool { backend.isConfigured }

    /// Takes who is signed in as the baseline and starts relaying device registrations.
    func start(context: any ContainerContext) async throws {
        let registrations = backend.deviceRegistrations()
        let relay = Task {
            for await event in registrations {
                switch event {
                case .registered(let token, _):
                    await context.registerDeviceToken(Data(token.utf8))
                case .failed(let account, let reason):
                    await context.failDeviceRegistration(
                        ContainerError(
                            .deviceRegistrationFailed,
                            "registering this device for \(account)'s push messages failed: \(reason)"))
                }
            }
        }
        let baseline = try? await backend.currentUser()
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
        let user = try await backend.currentUser()
        await report(user)
        return user
    }

    func signIn(account: String, password: String) async throws -> SessionUser {
        let user = try await backend.signIn(account: account, password: password)
        await report(user)
        return user
    }

    func signOut(mustSyncWithServer: Bool) async throws -> SignOutOutcome {
        let user = try await backend.currentUser()
        let pending = (try? await backend.syncState().pendingChanges) ?? 0
        do {
            try await backend.signOut(mustSyncWithServer: mustSyncWithServer)
        } catch {
            guard mustSyncWithServer else { throw error }
            let waiting = pending == 1 ? "1 change waits" : "\(pending) changes wait"
            // One readable line, never an error's dump; a backend that already said it all is not repeated.
            let reason = ErrorText.readable(error)
            if reason.hasPrefix("not signed out: ") || reason.hasPrefix("サインアウトしていません") {
                throw ContainerError(.signOutRefused, reason)
            }
            throw ContainerError(
                .signOutRefused,
                "not signed out: \(waiting) to be sent and the server must be told first, but that failed: \(reason); "
                    + "sign out without server sync to keep them on this device for the next sign-in")
        }
        await report(nil)
        return SignOutOutcome(
            user: user, syncedWithServer: mustSyncWithServer, keptChanges: mustSyncWithServer ? 0 : pending)
    }

    func syncState() async throws -> SessionSyncState {
        try await backend.syncState()
    }

    func syncNow() async throws -> SessionSyncSummary {
        try await backend.syncNow()
    }

    func rejectedChanges() async throws -> [SessionRejectedChange] {
        try await backend.rejectedChanges()
    }

    func retryRejectedChange(_ id: String) async throws -> SessionRejectedChange {
        try await backend.retryRejectedChange(id)
    }

    func discardRejectedChange(_ id: String) async throws -> SessionRejectedChange {
        try await backend.discardRejectedChange(id)
    }

    func conflicts() async throws -> [SessionConflict] {
        try await backend.conflicts()
    }

    func resolveConflict(_ id: String, keepMine: Bool) async throws -> SessionConflict {
        try await backend.resolveConflict(id, keepMine: keepMine)
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
            await context.postSessionChange(.signedOut(previous))
        }
        if let user, before?.userID != user.userID {
            await context.postSessionChange(.signedIn(user))
        }
    }
}
