public import StrataData
public import StrataJournal
import StrataMaintenance
public import StrataSession
public import StrataStore

extension DataLayerFactory {
    /// `layer` with some of its parts replaced: each part given answers in its place, and every
    /// other part is `layer`'s own. For a test that intercepts one part over a real layer (a
    /// store whose look-ups fail, a sync state that records the pages it writes, conflicts that
    /// cannot be read) without writing a wrapper that forwards the rest.
    ///
    /// ```swift
    /// let data = DataLayerFactory.replacing(in: live, syncState: RecordingSyncState(over: live.syncState))
    /// ```
    public static func replacing(
        in layer: any DataLayer, store: (any ValueObjectStore)? = nil, journal: (any ChangeJournal)? = nil,
        session: (any SessionStore)? = nil, syncState: (any SyncStateStore)? = nil, conflicts: (any SyncConflictStore)? = nil
    ) -> any DataLayer {
        ReplacedPartsDataLayer(
            store: store ?? layer.store, journal: journal ?? layer.journal, diagnostics: layer.diagnostics,
            session: session ?? layer.session, notices: layer.notices, syncState: syncState ?? layer.syncState,
            conflicts: conflicts ?? layer.conflicts, isWritable: layer.isWritable, location: layer.location)
    }
}

/// The layer ``StrataData/DataLayerFactory/replacing(in:store:journal:session:syncState:conflicts:)`` returns.
struct ReplacedPartsDataLayer: DataLayer {
    let store: any ValueObjectStore
    let journal: any ChangeJournal
    let diagnostics: any DiagnosticLog
    let session: any SessionStore
    let notices: any ChangeNotices
    let syncState: any SyncStateStore
    let conflicts: any SyncConflictStore
    let isWritable: Bool
    let location: String
}
