/// Everything the data layer offers a higher layer, obtained from ``DataLayerFactory``.
///
/// Each member is a protocol, so a test can swap in a double from `StrataDataTesting`.
public protocol DataLayer: Sendable {
    /// The value-object store.
    var store: any ValueObjectStore { get }
    /// Whether this layer can write (`false` for ``DataLayerFactory/readOnly(container:logger:)``).
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
    /// Login, logout and sync with the server (offline when no server is configured).
    var sync: any SyncEngine { get }
}

extension DataLayer {
    /// For data layers written before sync existed (test doubles outside `StrataData` and
    /// `StrataDataTesting`): an engine with no server. Login and sync throw ``DataError``
    /// `offline`, a local logout clears ``session``, and the status counts ``journal``.
    ///
    /// - Important: the layers from ``DataLayerFactory`` and `DataLayerFactory.inMemory()`
    ///   provide their own engines; this default is only a fallback.
    public var sync: any SyncEngine { DetachedSyncEngine(journal: journal, session: session) }
}
