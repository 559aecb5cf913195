import StrataJournal
import StrataMaintenance
import StrataSession
import StrataStore
/// The live data layer: everything on one SQLite file in the container directory.
struct LiveDataLayer: DataLayer {
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
