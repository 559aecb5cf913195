import Foundation
import StrataNotifyKit
import StrataTestSupport
import Synchronization
import Testing

/// The daemon loop's side of systemd's `Type=notify` protocol, through a recording
/// ``ServiceNotifier`` (the real sd_notify one is tested against a socket in
/// StrataIntegrationTests' NotifydSystemdTests).
// The daemon's first pass waits on its store; in the full suite's first minute (servers, clusters and
// password hashing on 2 cores) that has taken over 15 s, so these polls allow 60 s (they end as soon as it happens).
@Suite("The daemon tells its service manager: ready, alive, stopping")
struct ServiceNotifierTests {
    @Test("READY=1 when the loop starts, WATCHDOG=1 through a pause longer than half the interval, STOPPING=1 on stop")
    func readyWatchdogStopping() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let notifier = RecordingNotifier(watchdog: .milliseconds(60))
        // The pause (10 s) is far longer than the 30 ms between pings: only pings from inside it count.
        let daemon = NotifyDaemon(
            processor: fixture.processor(), pollInterval: 10, logger: InboxFixture.logger, serviceNotifier: notifier)
        let run = DaemonRun(daemon)

        #expect(await eventually(within: Patience.childProcess) { notifier.states.count(where: { $0 == .watchdog }) >= 4 }, "\(notifier.states)")
        await daemon.requestStop()
        #expect(await eventually(within: Patience.childProcess) { run.status != nil })

        let states = notifier.states
        #expect(run.status == 0)
        #expect(states.first == .ready, "\(states)")
        #expect(states.last == .stopping, "\(states)")
        #expect(states.count(where: { $0 == .ready }) == 1 && states.count(where: { $0 == .stopping }) == 1, "\(states)")
        #expect(Set(states) == [.ready, .watchdog, .stopping], "\(states)")
    }

    @Test("without a watchdog it says READY=1 and STOPPING=1 only")
    func noWatchdogNoPings() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let notifier = RecordingNotifier(watchdog: nil)
        let daemon = NotifyDaemon(
            processor: fixture.processor(), pollInterval: 0.01, logger: InboxFixture.logger, serviceNotifier: notifier)
        let run = DaemonRun(daemon)
        #expect(await eventually(within: Patience.childProcess) { notifier.states == [.ready] })
        // Many passes go by at 10 ms: none of them pings.
        try fixture.drop("a.json", #"{"id": "n-1", "kind": "message"}"#)
        #expect(await eventually(within: Patience.childProcess) { fixture.delivery.lines.count == 1 })

        await daemon.requestStop()
        #expect(await eventually(within: Patience.childProcess) { run.status != nil })
        #expect(notifier.states == [.ready, .stopping])
    }

    @Test("--once says nothing: there is no service to be ready")
    func onceSaysNothing() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let notifier = RecordingNotifier(watchdog: .milliseconds(60))
        let daemon = NotifyDaemon(
            processor: fixture.processor(), pollInterval: 0.2, logger: InboxFixture.logger, serviceNotifier: notifier)

        #expect(await daemon.run(once: true) == 0)
        #expect(notifier.states.isEmpty)
    }
}

/// A ``ServiceNotifier`` that remembers what it was told.
private final class RecordingNotifier: ServiceNotifier {
    let watchdogInterval: Duration?
    private let recorded = Mutex<[ServiceState]>([])

    init(watchdog: Duration?) {
        watchdogInterval = watchdog
    }

    var states: [ServiceState] { recorded.withLock { $0 } }

    func notify(_ state: ServiceState) {
        recorded.withLock { $0.append(state) }
    }
}

/// The daemon's `run()` in a task of its own, with its exit status once it returns.
private final class DaemonRun: Sendable {
    private let result = Mutex<Int32?>(nil)

    init(_ daemon: NotifyDaemon) {
        Task { [self] in
            let status = await daemon.run()
            result.withLock { $0 = status }
        }
    }

    var status: Int32? { result.withLock { $0 } }
}
