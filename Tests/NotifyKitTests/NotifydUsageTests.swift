import StrataCrossCutting
import StrataData
import StrataDataTesting
@_spi(Testing) import StrataNotifyKit
import Synchronization
import Testing

/// strata-notifyd reports its failures (the seed's `logError`) through its ``UsageMonitor``.
@Suite("strata-notifyd usage reports: a pass that leaves files for later is a failure report")
struct NotifydUsageTests {
    /// Keeps every failure report.
    final class Failures: UsageMonitor {
        private let kept = Mutex<[(message: String, source: String)]>([])
        var reports: [(message: String, source: String)] { kept.withLock { $0 } }
        func record(_ event: UsageEvent) async {}
        func recordFailure(_ message: String, source: String) async { kept.withLock { $0.append((message, source)) } }
    }

    @Test("a store that refuses the notification: --once exits 75 and reports the pass's summary as a failure of strata-notifyd")
    func storageFailureIsReported() async throws {
        let fixture = try await InboxFixture(data: await DataLayerFactory.inMemory(readOnly: true))
        defer { fixture.remove() }
        try fixture.drop("a.json", #"{"id": "n-1", "kind": "message"}"#)
        let failures = Failures()
        let daemon = NotifyDaemon(
            processor: fixture.processor(), pollInterval: 0.2, logger: InboxFixture.logger, usage: failures)
        #expect(await daemon.drainOnce() == NotifyDaemon.retryLaterStatus)
        #expect(failures.reports.count == 1)
        #expect(failures.reports.first?.source == "strata-notifyd")
        #expect(failures.reports.first?.message.isEmpty == false)
    }

    @Test("a clean pass reports nothing")
    func cleanPassReportsNothing() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop("a.json", #"{"id": "n-1", "kind": "message"}"#)
        let failures = Failures()
        let daemon = NotifyDaemon(
            processor: fixture.processor(), pollInterval: 0.2, logger: InboxFixture.logger, usage: failures)
        #expect(await daemon.drainOnce() == 0)
        #expect(failures.reports.isEmpty)
    }
}
