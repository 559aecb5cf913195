import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

/// A server restored from its backup, as a ward meets it: alice's report saved after the backup
/// is on her device only; her next sync finds the server's new epoch, re-pulls from the start,
/// sends the report again and says so in one line; carol's next sync finds it on the server.
@Suite("server restore: a client reset re-pulls and re-sends what the restored server lacks", .childProcessSlot, .serialized)
struct ServerRestoreResetTests {
    static let password = "a long password for tests"

    @Test("on SQLite: backup, alice adds a report, restore (refused while serving), restart: alice re-sends it, carol sees it")
    func sqlite() async throws {
        try await withTestServer(app: TestServer.casebook) { server in try await Self.restoreAndReset(server, sqlite: true) }
    }

    @Test("on PostgreSQL: the same through pg_dump and pg_restore")
    func postgres() async throws {
        let database = try await TestPostgres.database()
        try await withTestServer(app: TestServer.casebook, database: database) { server in
            try await Self.restoreAndReset(server, sqlite: false)
        }
    }

    static func restoreAndReset(_ server: TestServer, sqlite: Bool) async throws {
        try await server.addUsers(["alice": "ward3", "carol": "ward3"], password: password)
        let hosts = try await server.signedInHosts(["alice", "carol"], password: password, label: "restore-reset")
        let alice = hosts[0], carol = hosts[1]
        let before = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
        _ = try await alice.succeed(["sync"])

        let backup = TemporaryRoot.directory("restore-reset-backup").path
        let made = try await server.admin(["backup", backup])
        #expect(made.hasPrefix("backed up "), "\(made)")

        let after = try await alice.succeed(["reports", "add", "--patient-name", "Taro Yamada", "--age", "67"])
        _ = try await alice.succeed(["sync"])
        _ = try await carol.succeed(["sync"])

        // A restore while the server runs is refused, in one line.
        let storage = ["--data-dir", server.dataDirectory.path] + (server.database.map { ["--database", $0] } ?? [])
        let refused = try await TestServer.run(["admin", "restore", backup, "--force"] + storage)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused)")
        #expect(
            refused.stderr.contains(sqlite ? "is in use by a running strata-server" : "(a running strata-server?); stop every server first"),
            "\(refused)")

        await server.stop()
        let restored = try await server.admin(["restore", backup, "--force"])
        #expect(restored.contains("the server's new epoch is "), "\(restored)")
        try await server.restart()
        let held = try await server.pull("CaseReport", account: "carol", password: password)
        #expect(held.compactMap { $0["objectId"] as? String } == [before], "the restored server lacks the later report")

        let reset = try await alice.succeed(["sync"])
        #expect(
            reset.contains("the server was restored from a backup: re-pulled 1 object and re-sent 1 change"), "\(reset)")
        let now = try await server.pull("CaseReport", account: "carol", password: password)
        #expect(Set(now.compactMap { $0["objectId"] as? String }) == [before, after], "alice re-sent the later report")

        let carolReset = try await carol.succeed(["sync"])
        #expect(
            carolReset.contains("the server was restored from a backup: re-pulled 2 objects and re-sent 0 changes"), "\(carolReset)")
        let listed = try await carol.succeed(["reports", "list"])
        #expect(listed.contains("Taro Yamada") && listed.contains("Hanako Sato"), "\(listed)")

        // The next sync is an ordinary one.
        let calm = try await alice.succeed(["sync"])
        #expect(!calm.contains("restored from a backup"), "\(calm)")
    }
}
