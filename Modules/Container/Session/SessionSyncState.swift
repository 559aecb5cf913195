public import Foundation

/// What the ``SessionService`` says about sync, read without a network call: the server,
/// whether it was last reachable, the changes waiting, the changes it rejected, and the last
/// sync and error.
public struct SessionSyncState: Sendable, Hashable {
    /// Whether a server is configured at all (`false`: signing in and syncing are impossible).
    public var isConfigured: Bool
    /// The server's address, when one is configured.
    public var server: String?
    /// `online`, `offline`, `unknown` (not asked yet) or `not configured`.
    public var connectivity: String
    /// Changes made here and not yet accepted by the server.
    public var pendingChanges: Int
    /// Changes the server refused, kept until retried or discarded.
    public var rejectedChanges: Int
    /// When a sync last finished without error.
    public var lastSyncAt: Date?
    /// The last sync error, if the last attempt failed.
    public var lastError: String?

    /// A state with every field given.
    public init(
        isConfigured: Bool, server: String? = nil, connectivity: String, pendingChanges: Int = 0, rejectedChanges: Int = 0,
        lastSyncAt: Date? = nil, lastError: String? = nil
    ) {
        self.isConfigured = isConfigured
        self.server = server
        self.connectivity = connectivity
        self.pendingChanges = pendingChanges
        self.rejectedChanges = rejectedChanges
        self.lastSyncAt = lastSyncAt
        self.lastError = lastError
    }
}

/// What one "sync now" did: changes sent, refused, objects pulled, local edits kept.
public struct SessionSyncSummary: Sendable, Hashable {
    /// Changes the server accepted.
    public var pushed: Int
    /// Changes the server refused (see the rejected changes).
    public var rejected: Int
    /// Objects pulled from the server.
    public var pulled: Int
    /// Pulled objects skipped because a local change to them waits to be sent.
    public var keptLocal: Int

    /// A summary with every field given.
    public init(pushed: Int, rejected: Int, pulled: Int, keptLocal: Int) {
        self.pushed = pushed
        self.rejected = rejected
        self.pulled = pulled
        self.keptLocal = keptLocal
    }
}

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
