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
    /// Damage elsewhere in a large file is left to the full check strata-notifyd runs once a
    /// day (`DataLayerFactory.checkIfDue`) and to `strata-host store check`, which mark the
    /// store damaged, and to the writers' statements that meet it; a marked store is refused.
    case upTo(bytes: Int64)

    /// `strata-status`'s budget: 1 MiB, which `quick_check` reads in about 1 ms (a store of
    /// roughly 1,000 reports with their pending changes), so the widget's cold start stays
    /// within its target beside a hello-world from 10,000 reports up; see Benchmarks/README.md.
    public static let statusBudget = PageVerification.upTo(bytes: 1 << 20)
}
