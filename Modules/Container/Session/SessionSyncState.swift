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
