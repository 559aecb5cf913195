import Logging
import StrataCrossCutting
import StrataJournal
import StrataSession

/// A session whose user an administrator disabled or deleted: the server answers 401
/// `account_disabled`, and the device removes what it holds of other users.
extension LiveSyncEngine {
    /// The code of the server's answer to a session whose user was disabled or deleted.
    static let accountDisabledCode = "account_disabled"

    /// When `failure` is the server's 401 `account_disabled`: removes from this device every
    /// object of another user than the signed-in one, of every synced type (with their
    /// dependent rows; an unsent change of one moves to the rejected list), and forgets each
    /// type's cursor so a later login pulls everything again. The user's own objects and unsent
    /// changes stay. Returns the words saying what went (also logged, with why), or `nil`.
    func removeOthersDataIfRevoked(_ failure: SyncFailure) async -> String? {
        guard case .unauthorized(let reason) = failure, reason.hasPrefix("\(Self.accountDisabledCode):") else { return nil }
        guard let pruning = state as? any SyncStatePruning else { return nil }
        do {
            guard let info = try await session.current() else { return nil }
            var removed = 0
            var rejected = 0
            for type in try await state.syncedTypes() {
                let outcome = try await pruning.prune(type.name, present: [], ownerUser: info.userID)
                removed += outcome.removed
                rejected += outcome.rejected
                try await state.set([.cursor(type.name): nil, .visibility(type.name): nil])
            }
            let line =
                "removed \(removed) object\(removed == 1 ? "" : "s") of other users from this device"
                + (rejected > 0 ? ", \(rejected) unsent change\(rejected == 1 ? "" : "s") of them moved to the rejected list" : "")
            // Info: a sync's own error line says it already; a background sync's log keeps it.
            logger.info("account \(info.account) was disabled or deleted by an administrator: \(line)")
            return line
        } catch {
            logger.warning("cannot remove other users' data after the account was disabled", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
