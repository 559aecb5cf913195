import Foundation
import StrataAnnouncementsApp
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataStore
import StrataSync
import Testing

/// The Announcements micro-app over the domain's announcement service, on a pretend server (a
/// `RemoteObjectStore` holding announcements) or on no server at all.
@Suite("Announcements micro-app")
struct AnnouncementsAppTests {
    /// A server holding `announcements`: a query with conditions (the "in effect now" one) gets
    /// those current at `now`, one without gets all; newest posted first.
    struct PretendServer: RemoteObjectStore {
        let announcements: [Announcement]
        let now: Date

        func fetch<Object: ValueObject>(_ type: Object.Type, id: String) async throws -> Object? {
            announcements.first { $0.objectId == id } as? Object
        }

        func page<Object: ValueObject>(_ query: Query<Object>) async throws -> RemotePage<Object> {
            #expect(query.sortKeys == [SortKey(key: "postedAt", order: .descending)])
            let chosen = query.conditions.isEmpty ? announcements : announcements.filter { $0.isCurrent(at: now) }
            return RemotePage(objects: chosen.sorted { $0.postedAt > $1.postedAt }.compactMap { $0 as? Object }, hasMore: false)
        }
    }

    /// The announcement service as the host's `announcements` service.
    struct Adaptor: StrataService, AnnouncementService {
        let base: any AnnouncementService
        func start(context: any ContainerContext) async throws {}
        func current(_ page: PageRequest) async throws -> AnnouncementPage { try await base.current(page) }
        func all(_ page: PageRequest) async throws -> AnnouncementPage { try await base.all(page) }
        func announcement(id: String) async throws -> Announcement { try await base.announcement(id: id) }
        func post(_ draft: AnnouncementDraft, author: String) async throws -> Announcement { try await base.post(draft, author: author) }
        func refusal(of id: String) async throws -> String? { try await base.refusal(of: id) }
    }

    static func announcement(_ id: String, _ title: String, from: Double, until: Double, posted: Double) -> Announcement {
        var announcement = Announcement()
        announcement.objectId = id
        announcement.title = title
        announcement.body = "About \(title.lowercased())."
        announcement.from = MicroAppHarness.now.addingTimeInterval(from * 86_400)
        announcement.until = MicroAppHarness.now.addingTimeInterval(until * 86_400)
        announcement.postedAt = MicroAppHarness.now.addingTimeInterval(posted * 86_400)
        announcement.author = "alice"
        return announcement
    }

    private func boot(
        remote: @escaping (any DataLayer) -> any RemoteObjectStore
    ) async throws -> (MicroAppHarness, any RunningContainer) {
        let harness = try await MicroAppHarness()
        let service = try await DomainFactory.announcements(data: harness.data, remote: remote(harness.data), clock: harness.clock)
        var registry = harness.registry
        AnnouncementsApp.register(into: &registry)
        registry.registerSchemeHandler(
            ApplicationSchemeHandler(routes: [AnnouncementsApp.route: AnnouncementsApp.name]), scheme: "strata")
        registry.registerService(type: "Announcements") { _ in Adaptor(base: service) }
        var configuration = MicroAppHarness.configuration
        configuration.applications.append(AnnouncementsApp.descriptor())
        configuration.services.append(ServiceDescriptor(name: AnnouncementsApp.serviceName, type: "Announcements", lazy: true))
        return (harness, try await harness.doubles.boot(configuration, registry: registry))
    }

    @Test("the screen lists those in effect now, newest first; all on request; a row opens in full")
    func listAllAndDetail() async throws {
        let server = PretendServer(
            announcements: [
                Self.announcement("a1", "Ward meeting", from: -1, until: 2, posted: -1),
                Self.announcement("a2", "Flu shots", from: -2, until: 5, posted: -0.5),
                Self.announcement("a3", "Old notice", from: -10, until: -3, posted: -10),
            ], now: MicroAppHarness.now)
        let (harness, container) = try await boot { _ in server }
        #expect(harness.screen.contains("Announcements"), "the Launcher lists it: \(harness.screen)")
        await harness.type("announcements", into: container)
        let current = harness.screen
        #expect(current.contains("Announcements in effect now, newest first (page 1)"), "\(current)")
        #expect(current.contains("Flu shots") && current.contains("Ward meeting") && !current.contains("Old notice"), "\(current)")
        #expect(current.range(of: "Flu shots")!.lowerBound < current.range(of: "Ward meeting")!.lowerBound, "newest first")

        await harness.type("all", into: container)
        #expect(harness.screen.contains("All announcements") && harness.screen.contains("Old notice"), "\(harness.screen)")

        await harness.type("show 1", into: container)
        #expect(harness.screen.contains("About flu shots."), "\(harness.screen)")
        #expect(harness.screen.contains("Posted 2026-11-21T21:30:00Z by alice"), "\(harness.screen)")
        await harness.type("back", into: container)
        #expect(harness.screen.contains("All announcements"))
        await container.terminate(.quit)
    }

    @Test("offline the screen shows the one-line reason, in Japanese under a Japanese locale")
    func offlineLine() async throws {
        let (harness, container) = try await boot { SyncFactory.remote(data: $0, configuration: nil) }
        await harness.type("announcements", into: container)
        #expect(
            harness.screen.contains(
                "Cannot read announcements: cannot read Announcement from the server: no server configured; set STRATA_SERVER_URL"),
            "\(harness.screen)")
        await MessageLanguage.$current.withValue(.japanese) { await harness.type("refresh", into: container) }
        #expect(harness.screen.contains("お知らせを読めません: サーバーから Announcement を読めません"), "\(harness.screen)")
        await container.terminate(.quit)
    }

    @Test("strata://announcements prints the list as JSON in a scripted run; an unknown key is refused")
    func scriptedJSON() async throws {
        let server = PretendServer(
            announcements: [Self.announcement("a1", "Ward meeting", from: -1, until: 2, posted: -1)], now: MicroAppHarness.now)
        let (_, container) = try await boot { _ in server }
        let captured = CapturedConsole()
        await container.context.registerService(captured.console, name: ConsoleService.serviceName)
        try await container.open(URL(string: "strata://announcements?format=json")!)
        #expect(captured.text.contains("\"title\" : \"Ward meeting\""), "\(captured.text)")
        #expect(captured.text.contains("\"author\" : \"alice\""), "\(captured.text)")
        try await container.open(URL(string: "strata://announcements?colour=red")!)
        #expect("\(captured.console.failures)".contains("strata://announcements: unknown parameter 'colour'"), "\(captured.console.failures)")
        await container.terminate(.quit)
    }
}
