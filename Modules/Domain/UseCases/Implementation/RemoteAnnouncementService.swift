#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataJournal
import StrataStore

/// Announcement use cases: reads through the remote store, posts through the local store's
/// journal (a `serverOnly` type keeps no rows), refusals from the journal's rejected changes.
struct RemoteAnnouncementService: AnnouncementService {
    let store: any ValueObjectStore
    let remote: any RemoteObjectStore
    let journal: any ChangeJournal
    let clock: any StrataClock

    /// How long an announcement lasts when the draft gives no end: a week.
    static let defaultDuration: TimeInterval = 7 * 86_400

    func current(_ page: PageRequest) async throws -> AnnouncementPage {
        let now = clock.now()
        return try await read(
            Query<Announcement>().whereKey("from", .lessOrEqual, now).whereKey("until", .greater, now), page)
    }

    func all(_ page: PageRequest) async throws -> AnnouncementPage {
        try await read(Query<Announcement>(), page)
    }

    func announcement(id: String) async throws -> Announcement {
        try InputRules.identifier(id, field: "announcement id", expected: AnnouncementRules.expectedID)
        guard let found = try await remote.fetch(Announcement.self, id: id) else {
            throw DomainError.notFound(
                localized(
                    "no announcement with id '\(id)' that you may see on the server",
                    ja: "サーバーに、見ることのできる ID '\(id)' のお知らせはありません"))
        }
        return found
    }

    func post(_ draft: AnnouncementDraft, author: String) async throws -> Announcement {
        var announcement = try AnnouncementRules.announcement(draft, now: clock.now(), defaultDuration: Self.defaultDuration)
        announcement.author = author
        return try await withStorage { try await store.save(announcement) }
    }

    func refusal(of id: String) async throws -> String? {
        try await withStorage {
            try await journal.rejected().last { $0.typeName == Announcement.schema.typeName && $0.objectID == id }?.reason
        }
    }

    /// Newest posted first (ties by id), one page.
    private func read(_ query: Query<Announcement>, _ page: PageRequest) async throws -> AnnouncementPage {
        try InputRules.page(page)
        let found = try await remote.page(query.sorted(by: "postedAt", .descending).page(size: page.size, index: page.index))
        return AnnouncementPage(announcements: found.objects, hasMore: found.hasMore)
    }
}
