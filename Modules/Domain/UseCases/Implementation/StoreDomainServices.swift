import StrataCrossCutting
import StrataJournal
import StrataStore

/// The domain's use cases over one value-object store, as ``DomainFactory`` returns them.
struct StoreDomainServices: DomainServices {
    let reports: any CaseReportService
    let followUps: any FollowUpService
    let notifications: any NotificationService
    let status: any StatusService

    /// Every use case over `store`, with "now" and "today" from `clock`, enriching incoming
    /// notifications as `enrichment` says.
    /// Each record's author and sync state are read from `syncState` (none without one).
    init(
        store: any ValueObjectStore, clock: any StrataClock, enrichment: NotificationEnrichmentPolicy = .standard,
        syncState: (any SyncStateStore)? = nil
    ) {
        let facts = RecordFactsReader(syncState: syncState)
        reports = StoreCaseReportService(store: store, clock: clock, factsReader: facts)
        followUps = StoreFollowUpService(store: store, clock: clock, factsReader: facts)
        notifications = StoreNotificationService(store: store, clock: clock, enrichment: enrichment)
        status = StoreStatusService(store: store, clock: clock)
    }
}
