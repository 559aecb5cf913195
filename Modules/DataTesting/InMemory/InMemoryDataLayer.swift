import StrataData

/// The data layer `DataLayerFactory.inMemory(readOnly:allowing:clock:session:sync:)` returns:
/// a store, its journal, a log, a session, notices and a sync double, sharing one call gate and one clock.
struct InMemoryDataLayer: DataLayer {
    let store: any ValueObjectStore
    let journal: any ChangeJournal
    let diagnostics: any DiagnosticLog
    let session: any SessionStore
    let notices: any ChangeNotices
    let sync: any SyncEngine
    let isWritable: Bool
    var location: String { "in-memory" }
}
