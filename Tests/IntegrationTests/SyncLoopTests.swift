import Foundation
import StrataTestSupport
import Testing

/// The whole sync loop on one machine: the real `strata-server` on a loopback port and real
/// `strata-host` / `strata-status` processes, one `STRATA_HOME` per user.
@Suite("sync loop: strata-host and strata-status against strata-server", .childProcessSlot, .serialized)
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
            let before = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            try await login(alice, "alice")
            let after = try await alice.succeed(["reports", "add", "--patient-name", "Taro Yamada", "--age", "67"])
            let first = try await alice.json(["sync", "--json"]) as? [String: Any]
            #expect(first?["pushed"] as? Int == 2)
            #expect(first?["rejected"] as? Int == 0)

            // The same sync again sends nothing new; the server holds each report once.
            let second = try await alice.json(["sync", "--json"]) as? [String: Any]
            #expect(second?["pushed"] as? Int == 0)
            let held = try await server.pull("CaseReport", account: "alice", password: Self.password)
            #expect(held.compactMap { $0["objectId"] as? String }.sorted() == [before, after].sorted())

            // Bob, same group: logs in, syncs, sees both.
            try await login(bob, "bob")
            _ = try await bob.succeed(["sync"])
            let bobs = try await bob.json(["reports", "list", "--json"]) as? [[String: Any]]
            #expect(Set(bobs?.compactMap { $0["id"] as? String } ?? []) == [before, after])

            // Carol, another group: logs in, syncs, sees nothing of it, locally or on the server.
            try await login(carol, "carol")
            _ = try await carol.succeed(["sync"])
            let carols = try await carol.json(["reports", "list", "--json"]) as? [[String: Any]]
            #expect(carols?.isEmpty == true)
            #expect(try await server.pull("CaseReport", account: "carol", password: Self.password).isEmpty)

            // strata-status shows what Alice's engine recorded.
            let status = StrataProcess(
                "strata-status", home: root.appendingPathComponent("alice"), extraEnvironment: server.clientEnvironment)
            let json = try await status.json(["--format", "json"]) as? [String: Any]
            let sync = json?["sync"] as? [String: Any]
            #expect(sync?["connectivity"] as? String == "online")
            #expect(sync?["pending"] as? Int == 0)
            #expect(sync?["server"] as? String == server.url)
            #expect(sync?["lastSyncAt"] is String)
            #expect(try await status.succeed([]).contains("sync                  online"))

            // Logging out with server sync works while the server answers; the account is then signed out.
            _ = try await alice.succeed(["account", "logout", "--server-sync"])
            let account = try await alice.json(["account", "status", "--json"]) as? [String: Any]
            #expect(account?["signedIn"] as? Bool == false)
        }
    }

    @Test("offline, login is one clear error, logout still works, and status says not configured")
    func offlineHostFailsClearly() async throws {
        let home = TemporaryRoot.directory("sync-offline")
        let host = StrataProcess("strata-host", home: home)
        let login = try await host.run(["account", "login", "--account", "alice", "--password-stdin"], stdin: "pw\n")
        #expect(login.status == 1)
        #expect(login.stderrLines.count == 1, "\(login)")
        #expect(login.stderr.contains("STRATA_SERVER_URL"))
        let sync = try await host.run(["sync"])
        #expect(sync.status == 1 && sync.stderr.contains("STRATA_SERVER_URL"), "\(sync)")
        _ = try await host.succeed(["account", "logout"])
        let status = try await host.json(["account", "status", "--json"]) as? [String: Any]
        #expect((status?["sync"] as? [String: Any])?["connectivity"] as? String == "notConfigured")
        let widget = try await StrataProcess("strata-status", home: home).json(["--format", "json"]) as? [String: Any]
        #expect((widget?["sync"] as? [String: Any])?["connectivity"] as? String == "notConfigured")
    }

    @Test("a bad STRATA_SERVER_URL is one line naming the variable, in both hosts")
    func badServerURLIsOneLine() async throws {
        let home = TemporaryRoot.directory("sync-bad-url")
        for name in ["strata-host", "strata-status"] {
            let process = StrataProcess(
                name, home: home, extraEnvironment: ["STRATA_SERVER_URL": "not a url", "STRATA_APP_KEY": "k"])
            let outcome = try await process.run(name == "strata-host" ? ["reports", "list"] : [])
            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderrLines.count == 1, "\(outcome)")
            #expect(outcome.stderr.hasPrefix("\(name): STRATA_SERVER_URL=not a url"), "\(outcome)")
        }
    }

    /// `account login --account NAME --password-stdin`, required to succeed.
    private func login(_ host: StrataProcess, _ account: String) async throws {
        let outcome = try await host.run(["account", "login", "--account", account, "--password-stdin"], stdin: Self.password + "\n")
        try #require(outcome.status == 0 && outcome.stderr.isEmpty, "login \(account): \(outcome)")
        #expect(outcome.stdout.contains("Signed in as \(account)"))
    }
}
