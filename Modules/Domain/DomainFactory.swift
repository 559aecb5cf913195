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

    /// Builds and checks the schemas ``make(data:clock:enrichment:)`` registers (``CaseReport``,
    /// ``FollowUp``, ``NotificationRecord``): the part of registering them that needs no store.
    /// Optional: `make` does it on first use anyway.
    ///
    /// A composition root runs it while the store opens, so a one-shot command's start uses
    /// both cores instead of waiting for the store's queue and then building the schemas
    /// (each field's key path, the checks of its indexes), which is a process's first use of
    /// most of the domain's generic types:
    ///
    /// ```swift
    /// async let prepared: Void = DomainFactory.prepare()
    /// let data = try await DataLayerFactory.live(container: container, logger: logger)
    /// await prepared
    /// ```
    public static func prepare() async {
        prepare(CaseReport.self)
        prepare(FollowUp.self)
        prepare(NotificationRecord.self)
    }

    /// `Object`'s schema, built once per process, and its check (registering repeats the
    /// check and reports what it finds).
    private static func prepare<Object: ValueObject>(_ type: Object.Type) {
        _ = try? Object.schema.validate()
    }
}
