import Foundation
import StrataJournal

extension SyncStatus {
    /// The sync facts a test gives `strata-status`, every one not named left out (zero counts).
    static func facts(
        connectivity: SyncConnectivity, server: String? = nil, pending: Int = 0, rejected: Int = 0, lastSyncAt: Date? = nil,
        lastError: String? = nil, lastErrorAt: Date? = nil
    ) -> SyncStatus {
        SyncStatus(
            connectivity: connectivity, server: server, pendingCount: pending, rejectedCount: rejected, lastSyncAt: lastSyncAt,
            lastError: lastError, lastErrorAt: lastErrorAt)
    }
}
