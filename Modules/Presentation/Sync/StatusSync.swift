#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
import StrataCrossCutting

/// The sync facts a person is shown: `strata-status`'s sync lines and `"sync"` object, and the
/// `"sync"` object of `strata-host account status --json`.
///
/// It does not depend on the data layer: the composition root (or the kit that owns a data
/// layer) maps the store's sync status to this value, so the widget never links the sync
/// engine and both hosts print one shape (``SyncStatusJSON``).
public struct StatusSync: Sendable, Hashable {
    /// Whether the server can be reached, as far as the store knows.
    public enum Connectivity: String, Sendable, Hashable, CaseIterable {
        /// No server is configured (`STRATA_SERVER_URL` unset) and none was ever recorded.
        case notConfigured
        /// A server is configured but has not been asked yet.
        case unknown
        /// The server answered the last request.
        case online
        /// The last request failed to reach the server.
        case offline

        /// How text output shows it: `not configured`, `unknown`, `online`, `offline`; in
        /// Japanese (``MessageLanguage/japanese``) `未設定`, `不明`, `オンライン`, `オフライン`.
        public var text: String {
            switch self {
            case .notConfigured: localized("not configured", ja: "未設定")
            case .unknown: localized("unknown", ja: "不明")
            case .online: localized("online", ja: "オンライン")
            case .offline: localized("offline", ja: "オフライン")
            }
        }
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
    /// When the last failure happened, when known.
    public var lastErrorAt: Date?

    /// Sync facts with every field given; a password in `server` or `lastError` (a URL's
    /// `user:password@`) is masked (`CredentialMask`), so no output shows one.
    public init(
        connectivity: Connectivity, server: String? = nil, pending: Int = 0, rejected: Int = 0, lastSyncAt: Date? = nil,
        lastError: String? = nil, lastErrorAt: Date? = nil
    ) {
        self.connectivity = connectivity
        self.server = server.map(CredentialMask.masked)
        self.pending = pending
        self.rejected = rejected
        self.lastSyncAt = lastSyncAt
        self.lastError = lastError.map(CredentialMask.masked)
        self.lastErrorAt = lastErrorAt
    }

    /// No server configured and nothing recorded.
    public static let notConfigured = StatusSync(connectivity: .notConfigured)
}
