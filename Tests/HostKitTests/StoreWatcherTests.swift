import Foundation
import Logging
import StrataContainerTesting
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataTestSupport
import Testing

@Suite("strata-host sees what strata-notifyd records, through the store's change notices")
struct StoreWatcherTests {
    private let quietLogger = Logger(label: "strata-host-test") { _ in SwiftLogNoOpLogHandler() }

    @Test("a record saved through a second data layer on the same store reaches the Notifications micro-app within a second")
    func recordFromAnotherProcessArrives() async throws {
        let directory = ContainerDirectory(url: TemporaryRoot.directory("strata-host-watch"))
        let host = try await HostHarness(data: DataLayerFactory.live(container: directory, logger: quietLogger))
        // strata-notifyd's side: its own data layer (own connections) on the same store.
        let notifyd = try await DomainFactory.make(
            data: DataLayerFactory.live(container: directory, logger: quietLogger), clock: SystemClock())
        let doubles = ContainerDoubles()
        let terminal = doubles.terminal
        let run = Task { await host.runInteractive(environment: doubles.environment) }
        try await waitFor(terminal) { $0.contains("home") }
        terminal.type("notifications")
        try await waitFor(terminal) { $0.contains("Arrived while strata-host runs: 0") }

        let recordedAt = ContinuousClock.now
        _ = try await notifyd.notifications.record(IncomingNotification(id: "n-far", kind: "message", title: "From notifyd"))
        var arrivedAfter: Duration?
        _ = await eventually(within: .seconds(15)) {
            guard terminal.lastScreen.joined(separator: "\n").contains("[remote] From notifyd") else {
                terminal.type("refresh")
                return false
            }
            arrivedAfter = ContinuousClock.now - recordedAt
            return true
        }
        let latency = try #require(arrivedAfter, "never arrived:\n\(terminal.lastScreen.joined(separator: "\n"))")
        // A second on an idle machine; the bound leaves room for a 2-core run beside two CPU hogs
        // (scripts/test-under-load).
        #expect(latency < .seconds(15), "arrived after \(latency)")
        terminal.type("quit")
        #expect(await run.value == 0)
    }

    @Test("a notification that arrives while another is read (the unread count unchanged) is still posted; older ones are not")
    func readOneArriveAnother() async throws {
        let host = try await HostHarness()
        _ = try await host.domain.notifications.record(IncomingNotification(id: "n-0", kind: "message", title: "Before boot"))
        let doubles = ContainerDoubles()
        let terminal = doubles.terminal
        let run = Task { await host.runInteractive(environment: doubles.environment) }
        try await waitFor(terminal) { $0.contains("home") }
        terminal.type("notifications")
        _ = try await host.domain.notifications.record(IncomingNotification(id: "n-1", kind: "message", title: "First"))
        try await waitFor(terminal, typing: "refresh") { $0.contains("[remote] First") }

        // The race the old count-polling lost: read one, and another arrives, in one breath.
        _ = try await host.domain.notifications.markRead(notificationId: "n-1")
        _ = try await host.domain.notifications.record(IncomingNotification(id: "n-2", kind: "message", title: "Second"))
        try await waitFor(terminal, typing: "refresh") { $0.contains("[remote] Second") }

        let screen = terminal.lastScreen.joined(separator: "\n")
        #expect(screen.contains("Arrived while strata-host runs: 2"), "\(screen)")
        #expect(!screen.contains("[remote] Before boot"), "\(screen)")
        terminal.type("quit")
        #expect(await run.value == 0)
    }
}
