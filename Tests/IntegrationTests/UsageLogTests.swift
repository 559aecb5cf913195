import Foundation
import StrataTestSupport
import Testing

/// Usage monitoring end to end (seed 003: `logError` / `logMonitor`, the level set by the
/// server): the real strata-host records usage events and failures, `sync` uploads them at the
/// level the server sets, and `strata-server admin logs` / `admin stats` show them.
@Suite("usage logs: strata-host's events and failures reach strata-server admin logs and stats", .childProcessSlot, .serialized)
struct UsageLogTests {
    static let password = "a long password for tests"

    /// The server's storage: SQLite in its data directory, or a fresh PostgreSQL database.
    enum Storage: String, CaseIterable, CustomTestStringConvertible {
        case sqlite, postgres
        var testDescription: String { rawValue }
        func database() async throws -> String? { self == .postgres ? try await TestPostgres.database() : nil }
    }

    @Test("at monitor the host's events and failures are uploaded with user, device and version; at none the pending ones are deleted", arguments: Storage.allCases)
    func eventsReachTheServer(storage: Storage) async throws {
        try await withTestServer(app: TestServer.casebook, database: try await storage.database()) { server in
            try await server.addUsers(["alice": "ward3"], password: Self.password)
            let app = TestServer.casebook
            _ = try await server.admin(["app", "log-level", app.id, "--version", app.version, "monitor"])
            let home = TemporaryRoot.directory("usage-logs").appendingPathComponent("alice")
            let alice = StrataProcess("strata-host", home: home, extraEnvironment: server.clientEnvironment)
            let login = try await alice.run(["account", "login", "--account", "alice", "--password-stdin"], stdin: Self.password + "\n")
            try #require(login.status == 0, "\(login)")
            _ = try await alice.succeed(["sync"])  // takes the server's level: monitor

            let report = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42", "--follow"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try await alice.succeed(["reports", "update", report, "--age", "43"])
            let followUp = try await alice.succeed(["follows", "add", "--report", report, "--date", "2030-01-02"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try await alice.succeed(["follows", "done", followUp])
            let missing = try await alice.run(["reports", "show", "no-such-report"])
            #expect(missing.status == 1, "\(missing)")
            _ = try await alice.succeed(["sync"])

            let entries = try Self.json(try await server.admin(["logs", "--json"])) as? [[String: Any]] ?? []
            let kinds = entries.compactMap { $0["kind"] as? String }
            for kind in ["app.launched", "microapp.opened", "report.created", "report.updated", "followup.done", "error"] {
                #expect(kinds.contains(kind), "\(kind) in \(kinds)")
            }
            let created = try #require(entries.first { $0["kind"] as? String == "report.created" })
            #expect(created["account"] as? String == "alice")
            #expect(created["appId"] as? String == app.id && created["appVersion"] as? String == app.version)
            #expect((created["deviceId"] as? String)?.isEmpty == false, "\(created)")
            #expect(created["level"] as? String == "monitor")
            let metadata = created["metadata"] as? [String: String]
            #expect(metadata?["subject"] == report && metadata?["appVersion"] == app.version, "\(created)")
            #expect(created["loggedAt"] is String)
            let failure = try #require(entries.first { $0["level"] as? String == "error" })
            #expect((failure["message"] as? String)?.contains("no-such-report") == true, "\(failure)")
            #expect((failure["metadata"] as? [String: String])?["source"] == "strata-host")

            // The filters: by level, by user (account name), since a day.
            let errors = try Self.json(try await server.admin(["logs", "--level", "error", "--json"])) as? [[String: Any]] ?? []
            #expect(!errors.isEmpty && errors.allSatisfy { $0["level"] as? String == "error" })
            let byUser = try Self.json(try await server.admin(["logs", "--user", "alice", "--limit", "2", "--json"])) as? [[String: Any]]
            #expect(byUser?.count == 2)
            #expect(try await server.admin(["logs", "--since", "2999-01-01"]).isEmpty)
            // The text form: one tab-separated line per entry, the account and app@version in it.
            let line = try await server.admin(["logs", "--level", "monitor", "--limit", "1"])
            let fields = line.trimmingCharacters(in: .newlines).split(separator: "\t", omittingEmptySubsequences: false)
            #expect(fields.count == 7 && fields[1] == "monitor" && fields[3] == "alice", "\(line)")
            #expect(fields.count == 7 && fields[5] == "\(app.id)@\(app.version)", "\(line)")

            // The stats count them: today alice is active, the kinds and the errors are counted.
            let stats = try Self.json(try await server.admin(["stats", "--days", "2", "--json"])) as? [String: Any]
            let today = try #require((stats?["days"] as? [[String: Any]])?.last)
            #expect(today["activeUsers"] as? Int == 1)
            let events = today["events"] as? [String: Int]
            #expect(events?["report.created"] == 1 && events?["followup.done"] == 1, "\(today)")
            #expect((today["errors"] as? Int ?? 0) >= 1)
            let versions = stats?["errorsByVersion"] as? [[String: Any]]
            #expect(versions?.first?["version"] as? String == app.version && (versions?.first?["errors"] as? Int ?? 0) >= 1)

            // At none: what waits on the device is deleted at the next sync, and nothing more is kept.
            let uploaded = entries.count
            _ = try await alice.succeed(["reports", "list"])  // launched: one event waits
            let store = home.appendingPathComponent("strata.sqlite").path
            #expect(try SQLiteReader(store).integer(#"SELECT count(*) FROM "_strata_log""#) > 0)
            _ = try await server.admin(["app", "log-level", app.id, "--version", app.version, "none"])
            _ = try await alice.succeed(["sync"])
            #expect(try SQLiteReader(store).integer(#"SELECT count(*) FROM "_strata_log""#) == 0)
            _ = try await alice.run(["reports", "show", "still-missing"])
            #expect(try SQLiteReader(store).integer(#"SELECT count(*) FROM "_strata_log""#) == 0)
            let after = try Self.json(try await server.admin(["logs", "--json"])) as? [[String: Any]] ?? []
            #expect(after.count == uploaded)
        }
    }

    static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }
}
