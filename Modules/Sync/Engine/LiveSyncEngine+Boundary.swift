import StrataJournal
import StrataSession

/// Where the store's errors leave the engine: each ``SyncEngine`` call runs its step and reports
/// a `DataError` of the store as a ``SyncError`` with the same message
/// (``SyncError/surfacing(_:)``), so a caller matches one error type.
extension LiveSyncEngine {
    func login(account: String, password: String) async throws -> AuthInfo {
        try await SyncError.surfacing { try await loggingIn(account: account, password: password) }
    }

    func logout(serverSync: Bool) async throws {
        try await SyncError.surfacing { try await loggingOut(serverSync: serverSync) }
    }

    func syncNow() async throws -> SyncReport {
        try await SyncError.surfacing { try await syncing() }
    }

    func status() async throws -> SyncStatus {
        try await SyncError.surfacing { try await currentStatus() }
    }

    func rejectedChanges() async throws -> [Change] {
        try await SyncError.surfacing { try await listingRejected() }
    }

    func retryRejected(_ id: String) async throws -> Change {
        try await SyncError.surfacing { try await retrying(id) }
    }

    func discardRejected(_ id: String) async throws -> Change {
        try await SyncError.surfacing { try await discarding(id) }
    }

    func receivePushMessages(wait: Double) async throws -> [PushedMessage] {
        try await SyncError.surfacing { try await receivingPushMessages(wait: wait) }
    }

    func acknowledgePushMessages(through sequence: Int64) async throws {
        try await SyncError.surfacing { try await acknowledgingPushMessages(through: sequence) }
    }
}
