import StrataCrossCutting
import StrataDomain
import Testing

/// strata-host reports its usage (the seed's `logMonitor`) and its failures (`logError`)
/// through the runtime's ``UsageMonitor``: the container's launch, each micro-app started, the
/// writes people make, and every error line.
@Suite("strata-host usage events: launch, micro-app opened, report created and updated, follow-up done, failures")
struct UsageEventTests {
    @Test("each scripted command reports the launch, the micro-app it opened and what it did; the Launcher is not an opened micro-app")
    func commandsReportTheirEvents() async throws {
        let usage = RecordingUsageMonitor()
        let host = try await HostHarness(usage: usage)
        let report = try await host.addReport("Hanako Sato", age: 42, "--follow")
        #expect(usage.events == [.appLaunched("container"), .microAppOpened("Reports"), .reportCreated(report)])

        usage.reset()
        #expect(await host.run("reports", "update", report, "--age", "43").status == 0)
        #expect(usage.events.last == .reportUpdated(report))
        let followUp = try await host.addFollowUp(report: report, date: "2026-11-23")
        usage.reset()
        #expect(await host.run("follows", "done", followUp).status == 0)
        #expect(usage.events == [.appLaunched("container"), .microAppOpened("FollowUps"), .followUpDone(followUp)])
        #expect(!usage.events.contains(.microAppOpened("Launcher")))
    }

    @Test("marking a notification read reports notification.read with its id")
    func notificationReadIsReported() async throws {
        let usage = RecordingUsageMonitor()
        let host = try await HostHarness(usage: usage)
        _ = try await host.domain.notifications.record(IncomingNotification(id: "n-1", kind: "message", title: "Hi"))
        let outcome = await host.run("open", "strata://notifications/n-1/read")
        #expect(outcome.status == 0, "\(outcome)")
        #expect(usage.events == [.appLaunched("container"), .microAppOpened("Notifications"), .notificationRead("n-1")])
    }

    @Test("a failed command reports the line it printed, with strata-host as its source")
    func failuresAreReported() async throws {
        let usage = RecordingUsageMonitor()
        let host = try await HostHarness(usage: usage)
        let outcome = await host.run("reports", "show", "no-such-report")
        #expect(outcome.status == 1)
        let failures = usage.reports.compactMap { report -> (String, String)? in
            if case .failure(let message, let source) = report { (message, source) } else { nil }
        }
        #expect(failures.count == 1)
        #expect(failures.first?.1 == "strata-host")
        #expect(failures.first.map { outcome.stderr.contains($0.0) } == true, "\(failures) vs \(outcome)")
    }
}
