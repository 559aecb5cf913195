public import StrataCrossCutting
public import StrataData
import StrataStore

/// The one public way to obtain the domain's use cases.
///
/// The implementations stay `internal`; a host (or a test) passes in the data layer it
/// chose — `DataLayerFactory.live`, `.readOnly`, or a `StrataDataTesting` double — and a clock.
public enum DomainFactory {
    /// The use cases over `data`, with "now" and "today" decided by `clock`.
    ///
    /// Registers the domain's value objects (``CaseReport``, ``FollowUp``,
    /// ``NotificationRecord``) with `data`'s store: on a writable store this creates or
    /// migrates their tables; on a read-only one it only checks them.
    ///
    /// Incoming notifications are enriched within `enrichment`'s deadline (5 s by default);
    /// past it they are recorded with their original content.
    ///
    /// - Throws: ``DomainError`` `storage` carrying the data layer's message when a type
    ///   cannot be registered (for example a store written by a newer Strata).
    public static func make(
        data: any DataLayer, clock: any StrataClock, enrichment: NotificationEnrichmentPolicy = .standard
    ) async throws -> any DomainServices {
        let store = data.store
        try await withStorage {
            try await store.register(CaseReport.self)
            try await store.register(FollowUp.self)
            try await store.register(NotificationRecord.self)
        }
        return StoreDomainServices(store: store, clock: clock, enrichment: enrichment, syncState: data.syncState)
    }
}
