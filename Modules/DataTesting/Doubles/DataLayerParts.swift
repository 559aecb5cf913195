import StrataData
import StrataJournal
import StrataMaintenance
import StrataSession
import StrataStore

/// A data layer made of the parts it is given: what the doubles return
/// (``GatedDataLayer/wrapping(_:gate:)``, and
/// ``StrataData/DataLayer/replacing(store:journal:session:syncState:conflicts:)``).
struct DataLayerParts: DataLayer {
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
