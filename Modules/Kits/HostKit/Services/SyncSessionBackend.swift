import StrataContainer
import StrataCrossCutting
import StrataJournal
import StrataPresentation
import StrataSession
import StrataStore
import StrataSync

/// The container's ``SessionBackend`` on the sync engine and the data layer's session store:
/// what `strata-host`'s ``SessionService`` (and so the Account micro-app and the Launcher)
/// stands on. Without an engine it is offline: nobody can sign in, a local sign-out still works.
/// The conflicts come from the data layer's store (none without one).
struct SyncSessionBackend: SessionBackend {
    let sync: (any SyncEngine)?
    let session: (any SessionStore)?
    var conflicts: (any SyncConflictStore)? = nil

    var isConfigured: Bool { sync?.isConfigured ?? false }

    func currentUser() async throws -> SessionUser? {
        try await session?.current().map(Self.user)
    }

    func signIn(account: String, password: String) async throws -> SessionUser {
        Self.user(try await requireSync().login(account: account, password: password))
    }

    func signOut(mustSyncWithServer: Bool) async throws {
        guard let sync else {
            if mustSyncWithServer { _ = try requireSync() }
            try await session?.clear()
            return
        }
        try await sync.logout(serverSync: mustSyncWithServer)
    }

    func syncState() async throws -> SessionSyncState {
        let facts = try await sync?.status()
        let status = facts.map(StatusSync.init) ?? .notConfigured
        return SessionSyncState(
            isConfigured: isConfigured, server: status.server, connectivity: status.connectivity.text,
            pendingChanges: status.pending, rejectedChanges: status.rejected, lastSyncAt: status.lastSyncAt,
            lastError: status.lastError)
    }

    func syncNow() async throws -> SessionSyncSummary {
        let report = try await requireSync().syncNow()
        return SessionSyncSummary(
            pushed: report.pushed, rejected: report.rejected, pulled: report.pulledCount, keptLocal: report.keptLocal,
            conflicts: report.conflicts.count, resolved: report.resolved)
    }

    func rejectedChanges() async throws -> [SessionRejectedChange] {
        guard let sync else { return [] }
        return try await sync.rejectedChanges().map(Self.rejected)
    }

    func retryRejectedChange(_ id: String) async throws -> SessionRejectedChange {
        Self.rejected(try await requireEngine().retryRejected(id))
    }

    func discardRejectedChange(_ id: String) async throws -> SessionRejectedChange {
        Self.rejected(try await requireEngine().discardRejected(id))
    }

    func conflicts() async throws -> [SessionConflict] {
        guard let conflicts else { return [] }
        return try await conflicts.conflicts().map(Self.conflict)
    }

    func resolveConflict(_ id: String, keepMine: Bool) async throws -> SessionConflict {
        guard let conflicts else {
            throw DataError(
                .notFound,
                localized("no open conflict has the id '\(id)' (no conflicts on this device)", ja: "ID '\(id)' の競合はありません"))
        }
        return Self.conflict(try await ConflictLookup.resolve(id, keepMine: keepMine, in: conflicts))
    }

    /// The container's view of a conflict: values as people read them.
    static func conflict(_ conflict: SyncConflict) -> SessionConflict {
        SessionConflict(
            id: conflict.id, kind: conflict.kind.rawValue, typeName: conflict.typeName, objectID: conflict.objectID,
            fields: conflict.fields,
            mine: text(conflict.mine, conflict.fields, type: conflict.typeName),
            theirs: text(conflict.theirs, conflict.fields, type: conflict.typeName),
            byAccount: conflict.byAccount, detectedAt: conflict.detectedAt)
    }

    /// Each of `fields` as ``SyncText/value(_:type:)`` shows it.
    private static func text(_ values: [String: FieldValue], _ fields: [String], type: String) -> [String: String] {
        Dictionary(fields.map { ($0, SyncText.values([$0], values, type: type)) }) { first, _ in first }
    }

    /// The engine, configured or not: rejected changes are local, no server is needed.
    private func requireEngine() throws -> any SyncEngine {
        guard let sync else { return try requireSync() }
        return sync
    }

    /// The container's view of a rejected change.
    static func rejected(_ change: Change) -> SessionRejectedChange {
        SessionRejectedChange(
            id: change.operationID, typeName: change.typeName, objectID: change.objectID,
            operation: change.operation.rawValue, madeAt: change.createdAt, reason: change.reason ?? "")
    }

    /// The engine's registrations, relayed as the container's events (none without an engine).
    func deviceRegistrations() -> AsyncStream<DeviceRegistrationEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: DeviceRegistrationEvent.self)
        guard let source = sync?.deviceRegistrations() else {
            continuation.finish()
            return stream
        }
        let relay = Task {
            for await outcome in source {
                switch outcome {
                case .registered(let deviceID, _, let account):
                    continuation.yield(.registered(deviceToken: deviceID, account: account))
                case .failed(_, let account, let reason):
                    continuation.yield(.failed(account: account, reason: reason))
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in relay.cancel() }
        return stream
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

    /// The container's view of a session: no token.
    static func user(_ info: AuthInfo) -> SessionUser {
        SessionUser(
            userID: info.userID, account: info.account,
            groups: info.groups.map { SessionGroup(groupID: $0.groupID, groupName: $0.groupName, role: $0.roleName) })
    }
}
