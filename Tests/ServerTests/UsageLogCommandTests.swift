import Foundation
import StrataTestSupport
import Testing

/// `strata-server admin logs` and `admin stats` as a child process: what an empty server
/// prints, and each bad option one line (64 before the storage is opened; 1 for an app that
/// does not exist).
@Suite("strata-server admin logs and admin stats: output on an empty server, one line per mistake")
struct UsageLogCommandTests {
    @Test("on a server without logs: logs prints nothing (an empty JSON array), stats prints each day with zeros")
    func emptyServer() async throws {
        let data = ["--data-dir", TemporaryRoot.directory("usage-cli").path]
        #expect(try await TestServer.run(["admin", "app", "create", "org.example.cases", "--version", "1"] + data).status == 0)
        let logs = try await TestServer.run(["admin", "logs"] + data)
        #expect(logs.status == 0 && logs.stdout.isEmpty, "\(logs)")
        let json = try await TestServer.run(["admin", "logs", "--json"] + data)
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any] != nil, "\(json)")
        let stats = try await TestServer.run(["admin", "stats", "--days", "3", "--json"] + data)
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any], "\(stats)")
        let days = try #require(figures["days"] as? [[String: Any]])
        #expect(days.count == 3)
        #expect(days.allSatisfy { $0["activeUsers"] as? Int == 0 && $0["errors"] as? Int == 0 })
        #expect((figures["errorsByVersion"] as? [[String: Any]])?.first?["errors"] as? Int == 0)
        let text = try await TestServer.run(["admin", "stats", "--days", "1"] + data)
        #expect(text.stdout.hasPrefix("day\tactive users\terrors\tevents\n"), "\(text)")
    }

    @Test("a bad level, limit, date or day count is a usage error naming it; an unknown app is one line", arguments: [
        (["logs", "--level", "loud"], Int32(64), "--level loud is not a log level; expected error or monitor"),
        (["logs", "--limit", "0"], 64, "--limit 0 is out of range; expected 1–10000"),
        (["logs", "--since", "2026-02-30"], 64, "--since '2026-02-30' is not a date"),
        (["stats", "--days", "0"], 64, "--days 0 is out of range; expected 1–366"),
        (["logs", "--app", "org.nope"], 1, "no app org.nope; see `strata-server admin app list`"),
        (["stats", "--app", "org.nope", "--version", "2"], 1, "no app org.nope version 2"),
    ])
    func badOptions(arguments: [String], status: Int32, message: String) async throws {
        let data = ["--data-dir", TemporaryRoot.directory("usage-cli").path]
        // An empty server's data (logs and stats refuse a directory without any).
        #expect(try await TestServer.run(["migrate"] + data).status == 0)
        let outcome = try await TestServer.run(["admin"] + arguments + data)
        #expect(outcome.status == status, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-server: \(message)"), "\(outcome)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome)")
    }
}
