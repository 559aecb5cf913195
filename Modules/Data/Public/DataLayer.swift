public import StrataJournal
public import StrataMaintenance
public import StrataSession
public import StrataStore

/// Everything the data layer offers a higher layer, obtained from ``DataLayerFactory``.
///
/// Each member is a protocol, so a test can swap in a double from `StrataDataTesting`. The
/// sync engine is not part of it: `StrataSync` builds one on ``journal``, ``session``,
/// ``diagnostics`` and ``syncState`` (`SyncFactory.live(data:configuration:logger:)`), so a
/// host that does not sync (`strata-status`) never links it.
public protocol DataLayer: Sendable {
    /// The value-object store.
    var store: any ValueObjectStore { get }
    /// Whether this layer can write (`false` for ``DataLayerFactory/readOnly(container:logger:clock:requireKey:verifyPages:keyring:)``).
    var isWritable: Bool { get }
    /// Where the data lives, for messages and `--verbose` output: a file path or `in-memory`.
    var location: String { get }
    /// The outgoing changes waiting for the server.
    var journal: any ChangeJournal { get }
    /// Error and monitor logs kept for upload.
    var diagnostics: any DiagnosticLog { get }
    /// The signed-in user's session.
    var session: any SessionStore { get }
    /// Notices of changes committed by any process.
    var notices: any ChangeNotices { get }
    /// What the sync engine records in the store (the sync status every process reads), the
    /// types it syncs and the pulled rows it writes.
    var syncState: any SyncStateStore { get }
    /// The conflicts this device was told of by sync, to list and settle (`SyncConflictStore`).
    var conflicts: any SyncConflictStore { get }
}
