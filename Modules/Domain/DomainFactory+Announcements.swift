public import StrataCrossCutting
public import StrataData
public import StrataStore

extension DomainFactory {
    /// The announcement use cases: posts saved into `data`'s store (a `serverOnly` type: only
    /// the journal keeps them, until the sync engine sends them), reads through `remote` (the
    /// sync engine's `SyncFactory.remote`, or a test's scripted one), refusals from `data`'s
    /// journal; "now" decided by `clock`.
    ///
    /// Registers ``Announcement`` with `data`'s store.
    ///
    /// - Throws: ``DomainError`` `storage` carrying the data layer's message when the type
    ///   cannot be registered.
    public static func announcements(
        data: any DataLayer, remote: any RemoteObjectStore, clock: any StrataClock
    ) async throws -> any AnnouncementService {
        let store = data.store
        try await withStorage { try await store.register(Announcement.self) }
        return RemoteAnnouncementService(store: store, remote: remote, journal: data.journal, clock: clock)
    }
}
