import StrataCrossCutting
public import StrataJournal

/// The JSON shape of a `SyncStatus` (StrataJournal): the `"sync"` object `strata-status --format json` and
/// `strata-host account status --json` print.
///
/// Keys: `connectivity` (`online`, `offline`, `unknown` or `notConfigured`), `pending`,
/// `rejected`, and — only when known — `server`, `lastSyncAt`, `lastError`, `lastErrorAt`
/// (instants as ISO 8601 in UTC).
public struct SyncStatusJSON: Encodable, Equatable, Sendable {
    /// The connectivity's raw value.
    public var connectivity: String
    /// The server's URL, left out when unknown.
    public var server: String?
    /// Changes waiting to be sent.
    public var pending: Int
    /// Changes the server refused.
    public var rejected: Int
    /// When a sync last finished without an error, left out when never.
    public var lastSyncAt: String?
    /// The last failure's message, left out when there is none.
    public var lastError: String?
    /// When the last failure happened, left out when unknown.
    public var lastErrorAt: String?

    /// The JSON shape of `sync`; a password in its server or last error is masked (`CredentialMask`).
    public init(_ sync: SyncStatus) {
        connectivity = sync.connectivity.rawValue
        server = sync.server.map(CredentialMask.masked)
        pending = sync.pendingCount
        rejected = sync.rejectedCount
        lastSyncAt = sync.lastSyncAt.map(DayText.instant)
        lastError = sync.lastError.map(CredentialMask.masked)
        lastErrorAt = sync.lastErrorAt.map(DayText.instant)
    }
}
