import Foundation
import StrataTestSupport
import Testing

/// The whole sync loop on one machine: the real `strata-server` on a loopback port and real
/// `strata-host` / `strata-status` processes, one `STRATA_HOME` per user.
@Suite("sync loop: strata-host and strata-status against strata-server", .serialized)
struct SyncLoopTests {
    static let password = "a long password for tests"

    @Test("a group's members see each other's reports, another group sees none, and a resent batch applies once")
    func groupMembersShareReports() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "bob": "ward3", "carol": "ward5"], password: Self.password)
            let root = TemporaryRoot.directory("sync-loop")
            func host(_ name: String) -> StrataProcess {
                StrataProcess(
                    "strata-host", home: root.appendingPathComponent(name), extraEnvironment: server.clientEnvironment)
            }
            let alice = host("alice"), bob = host("bob"), carol = host("carol")

            // Alice adds a report before she ever logs in (offline), then one after.
            let before = try alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            try login(alice, "alice")
            let after = try alice.succeed(["reports", "add", "--patient-name", "Taro Yamada", "--age", "67"])
            let first = try alice.json(["sync", "--json"]) as? [String: Any]
            #expect(first?["pushed"] as? Int == 2)
            #expect(first?["rejected"] as? Int == 0)

            // The same sync again sends nothing new; the server holds each report once.
            let second = try alice.json(["sync", "--json"]) as? [String: Any]
            #expect(second?["pushed"] as? Int == 0)
            let held = try await server.pull("CaseReport", account: "alice", password: Self.password)
            #expect(held.compactMap { $0["objectId"] as? String }.sorted() == [before, after].sorted())

            // Bob, same group: logs in, syncs, sees both.
            try login(bob, "bob")
            _ = try bob.succeed(["sync"])
            let bobs = try bob.json(["reports", "list", "--json"]) as? [[String: Any]]
            #expect(Set(bobs?.compactMap { $0["id"] as? String } ?? []) == [before, after])

            // Carol, another group: logs in, syncs, sees nothing of it, locally or on the server.
            try login(carol, "carol")
            _ = try carol.succeed(["sync"])
            let carols = try carol.json(["reports", "list", "--json"]) as? [[String: Any]]
            #expect(carols?.isEmpty == true)
            #expect(try await server.pull("CaseReport", account: "carol", password: Self.password).isEmpty)

            // strata-status shows what Alice's engine recorded.
            let status = StrataProcess(
                "strata-status", home: root.appendingPathComponent("alice"), extraEnvironment: server.clientEnvironment)
            let json = try status.json(["--format", "json"]) as? [String: Any]
            let sync = json?["sync"] as? [String: Any]
            #expect(sync?["connectivity"] as? String == "online")
            #expect(sync?["pending"] as? Int == 0)
            #expect(sync?["server"] as? String == server.url)
            #expect(sync?["lastSyncAt"] is String)
            #expect(try status.succeed([]).contains("sync                  online"))

            // Logging out with server sync works while the server answers; the account is then signed out.
            _ = try alice.succeed(["account", "logout", "--server-sync"])
            let account = try alice.json(["account", "status", "--json"]) as? [String: Any]
            #expect(account?["signedIn"] as? Bool == false)
        }
    }

    @Test("offline, login is one clear error, logout still works, and status says not configured")
    func offlineHostFailsClearly() throws {
        let home = TemporaryRoot.directory("sync-offline")
        let host = StrataProcess("strata-host", home: home)
        let login = try host.run(["account", "login", "--account", "alice", "--password-stdin"], stdin: "pw\n")
        #expect(login.status == 1)
        #expect(login.stderrLines.count == 1, "\(login)")
        #expect(login.stderr.contains("STRATA_SERVER_URL"))
        let sync = try host.run(["sync"])
        #expect(sync.status == 1 && sync.stderr.contains("STRATA_SERVER_URL"), "\(sync)")
        _ = try host.succeed(["account", "logout"])
        let status = try host.json(["account", "status", "--json"]) as? [String: Any]
        #expect((status?["sync"] as? [String: Any])?["connectivity"] as? String == "notConfigured")
        let widget = try StrataProcess("strata-status", home: home).json(["--format", "json"]) as? [String: Any]
        #expect((widget?["sync"] as? [String: Any])?["connectivity"] as? String == "notConfigured")
    }

    @Test("a bad STRATA_SERVER_URL is one line naming the variable, in both hosts")
    func badServerURLIsOneLine() throws {
        let home = TemporaryRoot.directory("sync-bad-url")
        for name in ["strata-host", "strata-status"] {
            let process = StrataProcess(
                name, home: home, extraEnvironment: ["STRATA_SERVER_URL": "not a url", "STRATA_APP_KEY": "k"])
            let outcome = try process.run(name == "strata-host" ? ["reports", "list"] : [])
            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderrLines.count == 1, "\(outcome)")
            #expect(outcome.stderr.hasPrefix("\(name): STRATA_SERVER_URL=not a url"), "\(outcome)")
        }
    }

    /// `account login --account NAME --password-stdin`, required to succeed.
    private func login(_ host: StrataProcess, _ account: String) throws {
        let outcome = try host.run(["account", "login", "--account", account, "--password-stdin"], stdin: Self.password + "\n")
        try #require(outcome.status == 0 && outcome.stderr.isEmpty, "login \(account): \(outcome)")
        #expect(outcome.stdout.contains("Signed in as \(account)"))
    }
}
