import Foundation
import StrataDomain
import StrataTestSupport
import Testing

@Suite("strata-host refuses what it would otherwise lose: unknown URL keys, bad --config files")
struct RequestCheckTests {
    @Test("an unknown query key is one error line naming it and the accepted keys; nothing is saved")
    func unknownKeyIsRefused() async throws {
        let host = try await HostHarness()
        let bogus = await host.run("open", "strata://reports/new?patientName=B&age=3&bogus=1")
        #expect(bogus.status == 1, "\(bogus)")
        #expect(bogus.stderrLines.count == 1, "\(bogus)")
        #expect(
            bogus.stderr.contains(
                "strata://reports/new: unknown parameter 'bogus'; accepted: "
                    + (CaseReport.inputFields.map(\.name) + ["format"]).joined(separator: ", ")),
            "\(bogus)")
        let typo = await host.run("open", "strata://reports/new?patientName=B&age=3&mmo=call%20back")
        #expect(typo.status == 1 && typo.stderr.contains("'mmo'"), "\(typo)")
        #expect(try await host.domain.reports.list(.first).isEmpty)
    }

    @Test("every route of every micro-app refuses an unknown key")
    func everyRouteRefusesUnknownKeys() async throws {
        let host = try await HostHarness()
        let report = try await host.addReport("Hanako Sato")
        let followUp = try await host.addFollowUp(report: report, date: "2026-11-22")
        _ = try await host.domain.notifications.record(IncomingNotification(id: "n-1", kind: "message", title: "Hi", reportId: report))
        let urls = [
            "strata://reports", "strata://reports/list", "strata://reports/new", "strata://reports/\(report)",
            "strata://reports/\(report)/edit", "strata://reports/\(report)/delete", "strata://follows",
            "strata://follows/list", "strata://follows/new", "strata://follows/due", "strata://follows/overdue",
            "strata://follows/\(followUp)/done", "strata://notifications", "strata://notifications/n-1/read",
            "strata://notifications/n-1/open", "strata://about",
        ]
        for url in urls {
            let outcome = await host.run("open", url + "?zzz=1")
            #expect(outcome.status == 1, "\(url): \(outcome)")
            #expect(outcome.stderrLines.count == 1, "\(url): \(outcome)")
            #expect(outcome.stderr.contains("unknown parameter 'zzz'; accepted: "), "\(url): \(outcome)")
        }
        // Nothing was changed by the refused requests.
        #expect(try await host.domain.reports.list(.first).count == 1)
        #expect(try await host.domain.followUps.list(reportID: nil).first?.isDone == false)
        #expect(try await host.domain.notifications.list(unreadOnly: true).count == 1)
    }

    @Test("the subcommands still pass only keys their routes accept")
    func subcommandsStillWork() async throws {
        let host = try await HostHarness()
        let report = try await host.addReport("Hanako Sato", age: 42, "--gender", "female", "--follow", "--memo", "m")
        for arguments in [
            ["reports", "list", "--search", "sato", "--page", "1", "--page-size", "10"], ["reports", "show", report],
            ["reports", "update", report, "--age", "43", "--memo", "n"], ["follows", "list", "--report", report],
            ["follows", "due", "--days", "7"], ["follows", "due", "--json"],
        ] {
            let outcome = await host.run(arguments)
            #expect(outcome.status == 0, "\(arguments): \(outcome)")
        }
    }

    @Test("open strata://follows/due --json with nothing due prints []")
    func emptyJSONListIsCompact() async throws {
        let host = try await HostHarness()
        let due = await host.run("open", "strata://follows/due", "--json")
        #expect(due.status == 0, "\(due)")
        #expect(due.stdout == "[]\n", "\(due)")
        let reports = await host.run("reports", "list", "--json")
        #expect(reports.stdout == "[]\n", "\(reports)")
    }

    @Test("a --config file is read and checked before the store is opened")
    func configIsCheckedBeforeTheStore() async throws {
        let folder = TemporaryRoot.directory("strata-host-config")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let unknownDelegate = folder.appendingPathComponent("apps.json")
        try Data(#"{"Applications": [{"name": "Launcher", "delegate": "NoSuchDelegate"}]}"#.utf8).write(to: unknownDelegate)
        let malformed = folder.appendingPathComponent("broken.json")
        try Data(#"{"Applications": ["#.utf8).write(to: malformed)
        let missing = folder.appendingPathComponent("missing.plist")
        for (file, expected) in [(unknownDelegate, "NoSuchDelegate"), (malformed, "broken.json"), (missing, "missing.plist")] {
            let host = try await HostHarness()
            let outcome = await host.run("reports", "add", "--patient-name", "X", "--age", "3", "--config", file.path)
            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderrLines.count == 1 && outcome.stderr.contains(expected), "\(outcome)")
            #expect(host.launches.isEmpty, "the composition root (and the store) was reached for \(file.lastPathComponent)")
            #expect(try await host.domain.reports.list(.first).isEmpty)
        }
    }
}
