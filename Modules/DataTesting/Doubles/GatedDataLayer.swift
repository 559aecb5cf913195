import StrataData
import StrataJournal
import StrataMaintenance
import StrataSession
import StrataStore

/// The data layer `DataLayerFactory.inMemory(readOnly:allowing:failing:clock:)` returns: the
/// real layer's parts, each behind the same ``CallGate``. The sync state passes through
/// ungated: it is the sync engine's (`StrataSync`), which tests script with a `SyncScript`.
enum GatedDataLayer {
    /// `layer`'s parts behind `gate`.
    static func wrapping(_ layer: any DataLayer, gate: CallGate) -> DataLayerParts {
        DataLayerParts(
            store: GatedStore(base: layer.store, gate: gate), journal: GatedChangeJournal(base: layer.journal, gate: gate),
            diagnostics: GatedDiagnosticLog(base: layer.diagnostics, gate: gate),
            session: GatedSessionStore(base: layer.session, gate: gate), notices: GatedChangeNotices(base: layer.notices, gate: gate),
            syncState: layer.syncState, conflicts: layer.conflicts, isWritable: layer.isWritable, location: layer.location)
    }
}
