import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataJournal
import StrataStore
import StrataTestSupport
import Synchronization
import Testing

/// Announcements: a draft is checked and saved as a server-only object (the journal only),
/// listings ask the remote store "in effect now" or "all", newest posted first.
@Suite("announcement service")
struct AnnouncementServiceTests {
    /// A remote store that records the queries it is asked and answers nothing.
    final class Recorder: RemoteObjectStore {
        let asked = Mutex<[(conditions: [Condition], sort: [SortKey], size: Int?, index: Int)]>([])

        func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? { nil }

        func page<Object: ValueObject>(_ query: Query<Object>) async throws -> RemotePage<Object> {
            asked.withLock { $0.append((query.conditions, query.sortKeys, query.maxResults, query.pageIndex)) }
            return RemotePage(objects: [], hasMore: false)
        }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("a post is checked, trimmed, dated and kept only in the journal; until defaults to a week after from")
    func postGoesToTheJournal() async throws {
        let data = await DataLayerFactory.inMemory()
        let service = try await DomainFactory.announcements(data: data, remote: Recorder(), clock: FixedClock(Self.now))
        let posted = try await service.post(AnnouncementDraft(title: "  Ward meeting ", body: "Friday\n15:00"), author: "alice")
        #expect(posted.title == "Ward meeting" && posted.author == "alice")
        #expect(posted.from == Self.now && posted.until == Self.now.addingTimeInterval(7 * 86_400) && posted.postedAt == Self.now)
        let pending = try await data.journal.changes(in: [.pending], limit: nil)
        #expect(pending.map(\.typeName) == ["Announcement"])
        #expect(pending.first?.values["title"] == .text("Ward meeting"))
        #expect(try await data.store.query(Query<Announcement>()).isEmpty, "server only: no local row")
        #expect(try await service.refusal(of: try #require(posted.objectId)) == nil)
    }

    @Test("an empty title, a title with a line break and an end before the start are refused naming the field")
    func badDrafts() async throws {
        let data = await DataLayerFactory.inMemory()
        let service = try await DomainFactory.announcements(data: data, remote: Recorder(), clock: FixedClock(Self.now))
        let empty = await thrownError(DomainError.self) { try await service.post(AnnouncementDraft(title: " ", body: ""), author: "a") }
        #expect(empty?.message == "title is empty; expected a title of 1 to 200 characters")
        let twoLines = await thrownError(DomainError.self) {
            try await service.post(AnnouncementDraft(title: "a\nb", body: ""), author: "a")
        }
        #expect(twoLines?.message.hasPrefix("title holds the control character") == true)
        let backwards = await thrownError(DomainError.self) {
            try await service.post(
                AnnouncementDraft(title: "T", body: "", from: Self.now, until: Self.now.addingTimeInterval(-60)), author: "a")
        }
        #expect(backwards?.code == .invalidInput)
        #expect(backwards?.message.contains("is not after from") == true)
        #expect(try await data.journal.pendingCount() == 0)
    }

    @Test("current asks for from ≤ now < until, all for everything; both newest posted first, paged")
    func listingQueries() async throws {
        let data = await DataLayerFactory.inMemory()
        let remote = Recorder()
        let service = try await DomainFactory.announcements(data: data, remote: remote, clock: FixedClock(Self.now))
        _ = try await service.current(PageRequest(size: 10, index: 2))
        _ = try await service.all(.first)
        let asked = remote.asked.withLock { $0 }
        #expect(
            asked.first?.conditions == [
                Condition(key: "from", comparison: .lessOrEqual, value: .real(Self.now.timeIntervalSince1970)),
                Condition(key: "until", comparison: .greater, value: .real(Self.now.timeIntervalSince1970)),
            ])
        #expect(asked.map(\.sort) == [[SortKey(key: "postedAt", order: .descending)], [SortKey(key: "postedAt", order: .descending)]])
        #expect(asked.map(\.size) == [10, 50] && asked.map(\.index) == [2, 1])
        #expect(asked.last?.conditions.isEmpty == true)
        let missing = await thrownError(DomainError.self) { try await service.announcement(id: "nope") }
        #expect(missing?.code == .notFound)
    }
}
