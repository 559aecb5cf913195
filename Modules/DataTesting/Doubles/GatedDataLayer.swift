import StrataData

/// The data layer `DataLayerFactory.inMemory(readOnly:allowing:failing:clock:session:sync:)`
/// returns: the real layer's parts, each behind the same ``CallGate``, and a sync double.
struct GatedDataLayer: DataLayer {
    let store: any ValueObjectStore
    let journal: any ChangeJournal
    let diagnostics: any DiagnosticLog
    let session: any SessionStore
    let notices: any ChangeNotices
    let sync: any SyncEngine
    let isWritable: Bool
    let location: String

    /// `layer`'s parts behind `gate`, with `sync` (given the gated journal and session) as its engine.
    init(_ layer: any DataLayer, gate: CallGate, sync: (any ChangeJournal, any SessionStore) -> any SyncEngine) {
        store = GatedStore(base: layer.store, gate: gate)
        journal = GatedChangeJournal(base: layer.journal, gate: gate)
        diagnostics = GatedDiagnosticLog(base: layer.diagnostics, gate: gate)
        session = GatedSessionStore(base: layer.session, gate: gate)
        notices = GatedChangeNotices(base: layer.notices, gate: gate)
        self.sync = sync(journal, session)
        isWritable = layer.isWritable
        location = layer.location
    }
}
