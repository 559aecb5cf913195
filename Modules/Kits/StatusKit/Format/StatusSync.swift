public import Foundation

/// The sync facts `strata-status` shows: what the host's sync engine last recorded.
///
/// The kit does not depend on the data layer: the composition root maps the engine's status
/// to this value.
public struct StatusSync: Sendable, Hashable {
    /// Whether the server can be reached, as far as the engine knows.
    public enum Connectivity: String, Sendable, Hashable, CaseIterable {
        /// No server is configured (`STRATA_SERVER_URL` unset) and none was ever recorded.
        case notConfigured
        /// A server is configured but has not been asked yet.
        case unknown
        /// The server answered the last request.
        case online
        /// The last request failed to reach the server.
        case offline

        /// How the text format shows it: `not configured`, `unknown`, `online`, `offline`.
        public var text: String { self == .notConfigured ? "not configured" : rawValue }
    }

    /// Online, offline, unknown or not configured.
    public var connectivity: Connectivity
    /// The server's URL, when one is known.
    public var server: String?
    /// Changes waiting to be sent.
    public var pending: Int
    /// Changes the server refused.
    public var rejected: Int
    /// When a sync last finished without an error.
    public var lastSyncAt: Date?
    /// The last failure's message.
    public var lastError: String?

    /// Sync facts with every field given.
    public init(
        connectivity: Connectivity, server: String? = nil, pending: Int = 0, rejected: Int = 0, lastSyncAt: Date? = nil,
        lastError: String? = nil
    ) {
        self.connectivity = connectivity
        self.server = server
        self.pending = pending
        self.rejected = rejected
        self.lastSyncAt = lastSyncAt
        self.lastError = lastError
    }

    /// No server configured and nothing recorded.
    public static let notConfigured = StatusSync(connectivity: .notConfigured)
}
