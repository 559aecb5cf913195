import Foundation
import StrataAboutApp
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataFollowUpsApp
import StrataLauncherApp
import StrataNotificationsApp
import StrataReportsApp
import Synchronization

/// The five micro-apps booted on `StrataContainerTesting`'s doubles over an in-memory domain
/// and a fixed clock (2026-11-22 09:30 UTC): a memory terminal to type into and read screens from.
struct MicroAppHarness {
    /// The domain adaptor a host registers: here a plain wrapper over the in-memory domain.
    struct DomainAdaptor: StrataService, DomainServices {
        let domain: any DomainServices
        var reports: any CaseReportService { domain.reports }
        var followUps: any FollowUpService { domain.followUps }
        var notifications: any NotificationService { domain.notifications }
        var status: any StatusService { domain.status }
        func start(context: any ContainerContext) async throws {}
    }

    /// The clock as a service.
    struct ClockAdaptor: StrataService, StrataClock {
        let clock: FixedClock
        var calendar: Calendar { clock.calendar }
        func now() -> Date { clock.now() }
        func start(context: any ContainerContext) async throws {}
    }

    static let now = Date(timeIntervalSince1970: 1_795_339_800)

    let doubles = ContainerDoubles()
    let clock = FixedClock(MicroAppHarness.now)
    let domain: any DomainServices
    /// The data layer under the domain (a test writes "old" rows straight into its store).
    let data: any DataLayer

    init() async throws {
        data = await DataLayerFactory.inMemory()
        domain = try await DomainFactory.make(data: data, clock: clock)
    }

    var registry: ContainerRegistry {
        var registry = ContainerRegistry()
        LauncherApp.register(into: &registry)
        ReportsApp.register(into: &registry)
        FollowUpsApp.register(into: &registry)
        NotificationsApp.register(into: &registry)
        AboutApp.register(into: &registry)
        let domain = domain
        let clock = clock
        registry.registerService(type: "Domain") { _ in DomainAdaptor(domain: domain) }
        registry.registerService(type: "Clock") { _ in ClockAdaptor(clock: clock) }
        registry.registerSchemeHandler(
            ApplicationSchemeHandler(routes: [
                ReportsApp.route: ReportsApp.name, FollowUpsApp.route: FollowUpsApp.name,
                NotificationsApp.route: NotificationsApp.name, AboutApp.route: AboutApp.name,
            ]), scheme: "strata")
        return registry
    }

    static let configuration = ContainerConfiguration(
        applications: [
            LauncherApp.descriptor(description: "Home"),
            ReportsApp.descriptor(description: "Case reports"),
            FollowUpsApp.descriptor(description: "Follow-ups"),
            NotificationsApp.descriptor(description: "Notifications"),
            AboutApp.descriptor(description: "Boot report"),
        ],
        services: [
            ServiceDescriptor(name: "clock", type: "Clock", startsFirst: true),
            ServiceDescriptor(name: "domain", type: "Domain", startsFirst: true),
            NotificationsApp.inboxDescriptor(),
        ])

    /// Boots the container with the Launcher on the memory terminal.
    func boot() async throws -> any RunningContainer {
        try await doubles.boot(Self.configuration, registry: registry)
    }

    /// Boots a scripted container: a console capturing what micro-apps write.
    func bootScripted() async throws -> (any RunningContainer, CapturedConsole) {
        let container = try await boot()
        let captured = CapturedConsole()
        await container.context.registerService(captured.console, name: ConsoleService.serviceName)
        return (container, captured)
    }

    /// Types `lines` one by one into the top screen (as the run loop would) and returns the last screen.
    @discardableResult
    func type(_ lines: String..., into container: any RunningContainer) async -> [String] {
        for line in lines { await container.input(line) }
        return doubles.terminal.lastScreen
    }

    /// The last screen as one text.
    var screen: String { doubles.terminal.lastScreen.joined(separator: "\n") }
}

/// A console whose output a test reads back.
final class CapturedConsole: Sendable {
    /// Keeps written text.
    final class Collector: Sendable {
        private let texts = Mutex<[String]>([])
        func append(_ text: String) { texts.withLock { $0.append(text) } }
        var all: [String] { texts.withLock { $0 } }
    }

    let written = Collector()
    let console: ConsoleService

    init() {
        let written = written
        console = ConsoleService(sink: OutputSink(standardOutput: { written.append($0) }, standardError: { _ in }))
    }

    /// Everything written, one line break after each write.
    var text: String { written.all.joined(separator: "\n") }
}
