import StrataData
import StrataJournal
import StrataMaintenance
import StrataSession
import StrataStore

/// The data layer `DataLayerFactory.inMemory(readOnly:allowing:failing:clock:)` returns: the
/// real layer's parts, each behind the same ``CallGate``. The sync state passes through
/// ungated: it is the sync engine's (`StrataSync`), which tests script with a `SyncScript`.
struct GatedDataLayer: DataLayer {
    let store: any ValueObjectStore
    let journal: any ChangeJournal
    let diagnostics: any DiagnosticLog
    let session: any SessionStore
    let notices: any ChangeNotices
    let syncState: any SyncStateStore
    let conflicts: any SyncConflictStore
    let isWritable: Bool
    let location: String

    /// `layer`'s parts behind `gate`.
    init(_ layer: any DataLayer, gate: CallGate) {
        store = GatedStore(base: layer.store, gate: gate)
        journal = GatedChangeJournal(base: layer.journal, gate: gate)
        diagnostics = GatedDiagnosticLog(base: layer.diagnostics, gate: gate)
        session = GatedSessionStore(base: layer.session, gate: gate)
        notices = GatedChangeNotices(base: layer.notices, gate: gate)
        syncState = layer.syncState
        conflicts = layer.conflicts
        isWritable = layer.isWritable
        location = layer.location
    }
}
