import StrataData

/// The data layer `DataLayerFactory.inMemory(readOnly:allowing:clock:session:)` returns:
/// a store, its journal, a log, a session, notices and the sync facts, sharing one call gate and one clock.
struct InMemoryDataLayer: DataLayer {
    let store: any ValueObjectStore
    let journal: any ChangeJournal
    let diagnostics: any DiagnosticLog
    let session: any SessionStore
    let notices: any ChangeNotices
    let syncState: any SyncStateStore
    let isWritable: Bool
    var location: String { "in-memory" }
}
