import Foundation
import StrataTestSupport
import Testing

/// `strata-host` as a real child process on a fresh `STRATA_HOME` with the real SQLite store.
@Suite("strata-host, end to end", .childProcessSlot)
struct HostIntegrationTests {
    @Test("reports and follow-ups go through add, list, show, update, due, done and delete")
    func reportsAndFollowUpsRoundTrip() async throws {
        let host = StrataProcess("strata-host", home: temporaryHome())

        let hanako = try await host.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42", "--gender", "female", "--follow"])
        let taro = try await host.succeed(["reports", "add", "--patient-name", "Taro Yamada", "--age", "67"])
        #expect(!hanako.isEmpty && !taro.isEmpty && hanako != taro)

        let listed = try await host.json(["reports", "list", "--json"]) as? [[String: Any]]
        #expect(Set(listed?.compactMap { $0["id"] as? String } ?? []) == [hanako, taro])

        let shown = try await host.succeed(["reports", "show", hanako])
        #expect(shown.contains("Hanako Sato"))
        let updated = try await host.json(["reports", "update", hanako, "--age", "43", "--memo", "stable", "--json"]) as? [String: Any]
        #expect(updated?["age"] as? Int == 43)
        let reread = try await host.json(["reports", "show", hanako, "--json"]) as? [String: Any]
        #expect(reread?["memo"] as? String == "stable")
        #expect(reread?["gender"] as? String == "female")

        let today = Date().formatted(.iso8601.year().month().day())
        let followUp = try await host.succeed(["follows", "add", "--report", hanako, "--date", today, "--medication", "ace"])
        let due = try await host.json(["follows", "due", "--json"]) as? [[String: Any]]
        #expect(due?.compactMap { $0["id"] as? String } == [followUp])
        #expect((due?.first?["report"] as? [String: Any])?["patientName"] as? String == "Hanako Sato")
        #expect(try await host.succeed(["follows", "due"]).contains("Hanako Sato"))

        _ = try await host.succeed(["follows", "done", followUp])
        #expect((try await host.json(["follows", "due", "--json"]) as? [Any])?.isEmpty == true)

        _ = try await host.succeed(["reports", "delete", taro])
        let missing = try await host.run(["reports", "show", taro])
        #expect(missing.status != 0)
        let remaining = try await host.json(["reports", "list", "--json"]) as? [[String: Any]]
        #expect(remaining?.compactMap { $0["id"] as? String } == [hanako])
    }

    @Test(
        "bad input exits non-zero with exactly one stderr line naming what was wrong",
        arguments: [
            (["reports", "add", "--patient-name", "X", "--age", "abc"], [String: String](), "--age"),
            (["reports", "show", "no-such-id"], [:], "no-such-id"),
            (["follows", "add", "--report", "r", "--date", "2026-13-40"], [:], "--date"),
            (["reports", "list"], ["STRATA_LOG_LEVEL": "loud"], "STRATA_LOG_LEVEL"),
            (["reports", "add", "--patient-name", "X", "--age", "151"], [:], "age"),
            (["reports", "list", "--page", "0"], [:], "--page"),
        ])
    func badInputIsOneLine(arguments: [String], environment: [String: String], named: String) async throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home, extraEnvironment: environment)
        let outcome = try await host.run(arguments)
        #expect(outcome.status != 0, "\(outcome)")
        #expect(outcome.stderrLines.count == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-host: "), "\(outcome)")
        #expect(outcome.stderr.contains(named), "\(outcome)")
        #expect(outcome.stdout.isEmpty, "\(outcome)")
    }

    @Test("--help and --version work with no store and create nothing")
    func helpCreatesNothing() async throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        let help = try await host.run(["reports", "add", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("Examples:"))
        let version = try await host.run(["--version"])
        #expect(version.status == 0)
        #expect(!version.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: home.path))
    }

    @Test("with no arguments it prints an overview naming the container directory")
    func overviewNamesTheContainer() async throws {
        let home = temporaryHome()
        let outcome = try await StrataProcess("strata-host", home: home).run([])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains(home.path))
        #expect(outcome.stdout.contains("reports add|list|show|update|delete"))
    }
}

@Suite("strata-host on the container, end to end", .childProcessSlot)
struct HostContainerIntegrationTests {
    @Test("open strata://reports/new?… works without a terminal, and the report is listed")
    func openWithoutATerminal() async throws {
        let host = StrataProcess("strata-host", home: temporaryHome())
        let id = try await host.succeed(["open", "strata://reports/new?patientName=Hanako%20Sato&age=42&gender=female"])
        #expect(!id.isEmpty && !id.contains(" "))
        let shown = try await host.json(["open", "strata://reports/\(id)", "--json"]) as? [String: Any]
        #expect(shown?["patientName"] as? String == "Hanako Sato")
        let listed = try await host.json(["reports", "list", "--json"]) as? [[String: Any]]
        #expect(listed?.compactMap { $0["id"] as? String } == [id])
    }

    @Test("--boot-report prints valid JSON with the seven BootLoader stages and each service's start time")
    func bootReportIsJSON() async throws {
        let report = try await StrataProcess("strata-host", home: temporaryHome()).json(["--boot-report"]) as? [String: Any]
        let stages = (report?["stages"] as? [[String: Any]])?.compactMap { $0["stage"] as? String }
        #expect(
            stages == [
                "setUpScreen", "createNavigationStack", "startFirstServices", "startEagerServices",
                "startAutostartGroups", "showScreen", "startLauncher",
            ])
        let services = report?["services"] as? [[String: Any]] ?? []
        #expect(services.contains { $0["name"] as? String == "domain" && $0["startMilliseconds"] is Double })
    }
}

extension StrataProcess {
    /// Runs `arguments`, requires exit 0 and no standard error, and returns standard output trimmed.
    func succeed(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
        let outcome = try await run(arguments)
        try #require(outcome.status == 0 && outcome.stderr.isEmpty, "\(name) \(arguments): \(outcome)", sourceLocation: sourceLocation)
        return outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `arguments`, requires success, and parses standard output as JSON.
    func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) async throws -> Any {
        let text = try await succeed(arguments, sourceLocation: sourceLocation)
        return try JSONSerialization.jsonObject(with: Data(text.utf8))
    }
}
