/// How much of the store file a read-only opener reads to look for damage before it answers
/// (``DataLayerFactory/readOnly(container:logger:clock:requireKey:verifyPages:keyring:)``).
///
/// Every opener refuses a store a writer marked damaged, and every statement that meets a
/// damaged page fails as damaged; this decides what else is read on opening.
public enum PageVerification: Sendable, Hashable {
    /// Nothing more than the opening reads.
    case none
    /// Every page of the file (`PRAGMA quick_check`): about 1 ms per MiB, so it grows with
    /// the store.
    case everyPage
    /// Every page while the file is at most `bytes` long; above that, a cost that does not
    /// grow with the store: the schema and the small tables a summary reads
    /// (`PRAGMA quick_check(<table>)` of `sqlite_schema`, the kept counts and the settings).
    /// Damage elsewhere in a large file is left to the writers, which read every page when
    /// they open (`strata-host`, `strata-notifyd`; `strata-host store check`) and mark the
    /// store damaged, and to the statements that pass it; a marked store is refused.
    case upTo(bytes: Int64)

    /// `strata-status`'s budget: 8 MiB, which `quick_check` reads in about 8–10 ms (a store
    /// of roughly 10,000 reports with their pending changes); see Benchmarks/README.md.
    public static let statusBudget = PageVerification.upTo(bytes: 8 << 20)
}
