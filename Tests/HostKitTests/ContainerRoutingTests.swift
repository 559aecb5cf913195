import Foundation
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataSync
import StrataSyncTesting
import StrataDomain
import StrataHostKit
import StrataTestSupport
import Synchronization
import Testing

@Suite("strata-host on the container: open, routing, boot report, the Launcher")
struct ContainerRoutingTests {
    @Test("open strata://reports/new?… adds a report through the Reports micro-app and prints its id")
    func openAddsAReport() async throws {
        let host = try await HostHarness()
        let added = await host.run("open", "strata://reports/new?patientName=Hanako%20Sato&age=42&gender=female&follow=true")
        #expect(added.status == 0, "\(added)")
        let report = try #require(try await host.domain.reports.list(.first).first)
        #expect(added.text == report.objectId)
        #expect(report.patientName == "Hanako Sato" && report.gender == .female && report.isFollow)
    }

    @Test("open … --json asks the micro-app for JSON; routes reach every micro-app")
    func openWithJSON() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato")
        let shown = try #require(try HostHarness.json(await host.run("open", "strata://reports/\(id)", "--json")) as? [String: Any])
        #expect(shown["id"] as? String == id)
        let due = await host.run("open", "strata://follows/due", "--json")
        #expect(due.status == 0, "\(due)")
        #expect((try HostHarness.json(due) as? [Any])?.isEmpty == true)
        let about = try #require(try HostHarness.json(await host.run("open", "strata://about?format=json")) as? [String: Any])
        #expect((about["stages"] as? [Any])?.count == 7)
        let notifications = await host.run("open", "strata://notifications")
        #expect(notifications.text == "No notifications.", "\(notifications)")
    }

    @Test("a URL no micro-app handles, or not a strata:// URL, is one usage line")
    func unroutableURLIsOneLine() async throws {
        let host = try await HostHarness()
        for url in ["strata://nowhere", "https://example.com/x"] {
            let outcome = await host.run("open", url)
            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.stderrLines.count == 1, "\(outcome)")
        }
        let badPath = await host.run("open", "strata://reports/a/b/c")
        #expect(badPath.status == 1 && badPath.stderr.contains("no route for path"), "\(badPath)")
    }

    @Test("--boot-report prints the seven BootLoader stages in order and each service's start time")
    func bootReportIsJSON() async throws {
        let host = try await HostHarness()
        let outcome = await host.run("--boot-report")
        #expect(outcome.status == 0, "\(outcome)")
        let report = try #require(try HostHarness.json(outcome) as? [String: Any])
        let stages = (report["stages"] as? [[String: Any]])?.compactMap { $0["stage"] as? String }
        #expect(stages == BootStage.allCases.map(\.rawValue))
        let services = try #require(report["services"] as? [[String: Any]])
        let domain = try #require(services.first { $0["name"] as? String == "domain" })
        #expect(domain["state"] as? String == "started")
        #expect(domain["startMilliseconds"] is Double)
        #expect(services.contains { $0["name"] as? String == "notificationWatcher" })
    }

    @Test("a --config file that names an unknown delegate is one line naming the file and key")
    func badConfigIsOneLine() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("strata-\(UUID().uuidString).json")
        try Data(#"{"Applications": [{"name": "Launcher", "delegate": "NoSuchDelegate"}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = try await HostHarness().run("reports", "list", "--config", file.path)
        #expect(outcome.status == 1)
        #expect(outcome.stderrLines.count == 1)
        #expect(outcome.stderr.contains(file.lastPathComponent) && outcome.stderr.contains("NoSuchDelegate"), "\(outcome)")
    }

    @Test("in a terminal, no command shows the Launcher; a person opens Reports, adds a report, sees it, quits")
    func interactiveLauncher() async throws {
        let host = try await HostHarness()
        let doubles = ContainerDoubles()
        let terminal = doubles.terminal
        let run = Task {
            await host.runInteractive(environment: doubles.environment)
        }
        try await waitFor(terminal) { $0.contains("home") }
        // Enter for every declared field after patient and age (gender, follow, memo, and any added since).
        for line in ["reports", "add", "Hanako Sato", "42"] + Array(repeating: "", count: CaseReport.inputFields.count - 2) {
            terminal.type(line)
        }
        try await waitFor(terminal) { $0.contains("Added case report") && $0.contains("Hanako Sato") }
        terminal.type("quit")
        #expect(await run.value == 0)
        #expect(try await host.domain.reports.list(.first).map(\.patientName) == ["Hanako Sato"])
    }

    @Test("while the host runs, a notification recorded in the store is posted and shown; a follow-up due too")
    func watchersPostNotifications() async throws {
        let host = try await HostHarness()
        let doubles = ContainerDoubles()
        let terminal = doubles.terminal
        let run = Task { await host.runInteractive(environment: doubles.environment) }
        try await waitFor(terminal) { $0.contains("home") }
        let report = try await host.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        _ = try await host.domain.notifications.record(
            IncomingNotification(id: "n-7", kind: "message", title: "Call back", reportId: report.objectId))
        _ = try await host.domain.followUps.schedule(FollowUpDraft(caseReportID: report.objectId ?? "", date: HostHarness.now))
        // The watchers see the commits through the change notices; the Notifications screen lists what arrived.
        _ = await eventually(within: .seconds(15), every: .milliseconds(100)) {
            let screen = terminal.lastScreen.joined(separator: "\n")
            if screen.contains("[remote] Call back") && screen.contains("[local] Follow-up due today") { return true }
            terminal.type("home")
            terminal.type("notifications")
            return false
        }
        let screen = terminal.lastScreen.joined(separator: "\n")
        #expect(screen.contains("[remote] Call back"), "\(screen)")
        // The title on its line, the body (the patient) under it, aligned past the origin.
        #expect(screen.contains("[local] Follow-up due today\n          Hanako Sato"), "\(screen)")
        terminal.type("quit")
        #expect(await run.value == 0)
    }

    @Test("the interactive host runs the background sync loop while it is up; one-shot runs never start it")
    func interactiveHostRunsTheSyncLoop() async throws {
        let loop = Mutex<[Bool]>([])
        let data = await DataLayerFactory.inMemory()
        let sync = SyncFactory.scripted(data: data, script: SyncScript(onLoop: { running in loop.withLock { $0.append(running) } }))
        let host = try await HostHarness(data: data, sync: sync)

        let opened = await host.run("open", "strata://reports/new?patientName=Hanako%20Sato&age=42")
        #expect(opened.status == 0, "\(opened)")
        #expect(loop.withLock { $0 }.isEmpty, "a one-shot run must not start the loop")

        let doubles = ContainerDoubles()
        let run = Task { await host.runInteractive(environment: doubles.environment) }
        try await waitFor(doubles.terminal) { $0.contains("home") }
        #expect(loop.withLock { $0 } == [true])
        doubles.terminal.type("quit")
        #expect(await run.value == 0)
        #expect(loop.withLock { $0 } == [true, false], "stopped at shutdown")
    }
}
