#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// What the sync engine last saw, for `strata-status` and the host: kept in the store, so
/// reading it needs no network call and works from a read-only data layer.
public struct SyncStatus: Sendable, Hashable {
    /// Whether the server answered the last time it was asked.
    public var connectivity: SyncConnectivity
    /// The server the facts are about (this engine's, or the one last recorded in the store).
    public var server: String?
    /// Changes waiting to be sent (`pending` and `inFlight`).
    public var pendingCount: Int
    /// Changes the server refused.
    public var rejectedCount: Int
    /// When a sync last finished without an error.
    public var lastSyncAt: Date?
    /// The last failure's message (cleared by the next successful sync).
    public var lastError: String?
    /// When the last failure happened.
    public var lastErrorAt: Date?

    /// A status with every field given.
    public init(
        connectivity: SyncConnectivity, server: String?, pendingCount: Int, rejectedCount: Int, lastSyncAt: Date?,
        lastError: String?, lastErrorAt: Date?
    ) {
        self.connectivity = connectivity
        self.server = server
        self.pendingCount = pendingCount
        self.rejectedCount = rejectedCount
        self.lastSyncAt = lastSyncAt
        self.lastError = lastError
        self.lastErrorAt = lastErrorAt
    }

    /// Whether the server answered the last time it was asked.
    public var isOnline: Bool { connectivity == .online }

    /// No server configured and nothing recorded: what is shown without an engine or a store.
    public static let notConfigured = SyncStatus(
        connectivity: .notConfigured, server: nil, pendingCount: 0, rejectedCount: 0, lastSyncAt: nil, lastError: nil,
        lastErrorAt: nil)
}

/// Whether the server can be reached, as far as the engine knows.
public enum SyncConnectivity: String, Sendable, Hashable, CaseIterable, Codable {
    /// No server is configured and none was ever recorded.
    case notConfigured
    /// A server is configured but has not been asked yet.
    case unknown
    /// The server answered the last request.
    case online
    /// The last request failed to reach the server (network error, timeout, 5xx).
    case offline
}
