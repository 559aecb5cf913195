public import StrataSession

/// What a sign-out did (``SessionService/signOut(mustSyncWithServer:)``).
public struct SignOutOutcome: Sendable, Hashable {
    /// Who was signed out (`nil`: nobody was signed in).
    public var user: SessionUser?
    /// Whether the pending changes were sent and the server told first (`mustSyncWithServer`).
    public var syncedWithServer: Bool
    /// Changes not yet sent that stay on this device, marked with the user who made them:
    /// they are sent when that user signs in again (always 0 after a server-synced sign-out).
    public var keptChanges: Int

    /// An outcome with every field given.
    public init(user: SessionUser?, syncedWithServer: Bool, keptChanges: Int) {
        self.user = user
        self.syncedWithServer = syncedWithServer
        self.keptChanges = keptChanges
    }
}
