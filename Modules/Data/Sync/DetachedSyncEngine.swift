/// The engine of a data layer that has none of its own (see the `DataLayer` default): no
/// server, so login and sync are `offline`; a local logout clears the session.
struct DetachedSyncEngine: SyncEngine {
    let journal: any ChangeJournal
    let session: any SessionStore

    static let offlineMessage =
        "no server configured: set STRATA_SERVER_URL (or the host's server setting) to sign in and sync; "
        + "changes wait in the journal meanwhile"

    func login(account: String, password: String) async throws -> AuthInfo {
        throw DataError(.offline, "cannot log in as \(account): \(Self.offlineMessage)")
    }

    func logout(serverSync: Bool) async throws {
        if serverSync { throw DataError(.offline, "cannot log out with server sync: \(Self.offlineMessage)") }
        try session.clear()
    }

    func syncNow() async throws -> SyncReport {
        throw DataError(.offline, "cannot sync: \(Self.offlineMessage)")
    }

    func status() throws -> SyncStatus {
        SyncStatus(
            connectivity: .notConfigured, server: nil, pendingCount: try journal.pendingCount(),
            rejectedCount: try journal.rejected().count, lastSyncAt: nil, lastError: nil, lastErrorAt: nil)
    }

    func start() {}

    func stop() {}
}

extension DetachedSyncEngine {
    func receivePushMessages(wait: Double) async throws -> [PushedMessage] {
        throw DataError(.offline, "cannot receive push messages: \(Self.offlineMessage)")
    }

    func acknowledgePushMessages(through sequence: Int64) throws {
        throw DataError(.offline, "cannot acknowledge push messages: \(Self.offlineMessage)")
    }
}
