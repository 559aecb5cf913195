import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Logging out with server sync while the server is down and changes wait, in the real
/// `strata-host` (its `account logout --server-sync` and its Account screen): one line saying
/// how many changes wait and why, the user still signed in, the status offline.
@Suite("logout with server sync against a stopped strata-server", .childProcessSlot, .serialized)
struct OfflineServerSyncLogoutTests {
    static let password = "a long password for tests"

    @Test("account logout --server-sync is one line naming the waiting change and the unreachable server, exits 1, and the status turns offline")
    func commandLine() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["sigrid": "ward3"], password: Self.password)
            let host = try #require(try await server.signedInHosts(["sigrid"], password: Self.password, label: "logout-offline").first)
            _ = try await host.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            let online = try await host.json(["account", "status", "--json"]) as? [String: Any]
            #expect((online?["sync"] as? [String: Any])?["connectivity"] as? String == "online", "\(String(describing: online))")
            _ = await server.stop()

            let outcome = try await host.run(["account", "logout", "--server-sync"], timeout: 2 * Patience.childProcessSeconds)
            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stdout.isEmpty, "\(outcome)")
            let lines = outcome.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(outcome)")
            #expect(
                outcome.stderr.hasPrefix(
                    "strata-host: not signed out: 1 change waits to be sent, but the sync server \(server.url) cannot be reached "
                        + "(connection refused (is the server running?), tried 4 times); "
                        + "log out without server sync to keep them on this device for the next login"),
                "\(outcome)")
            #expect(!outcome.stderr.contains("RetriesExhausted") && !outcome.stderr.contains("SyncFailure"), "\(outcome)")

            let after = try await host.json(["account", "status", "--json"]) as? [String: Any]
            let sync = after?["sync"] as? [String: Any]
            #expect(after?["signedIn"] as? Bool == true && after?["account"] as? String == "sigrid", "\(String(describing: after))")
            #expect(sync?["connectivity"] as? String == "offline", "\(String(describing: after))")
            #expect(sync?["pending"] as? Int == 1)
            #expect((sync?["lastError"] as? String)?.contains("cannot reach the sync server \(server.url)") == true, "\(String(describing: sync))")
        }
    }

    @Test("the Account screen's sign out sync says the same in one readable line and the user stays signed in")
    func accountScreen() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["sigrid": "ward3"], password: Self.password)
            let host = try #require(try await server.signedInHosts(["sigrid"], password: Self.password, label: "logout-offline-tty").first)
            _ = try await host.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            _ = await server.stop()

            let tty = try PseudoTerminal(columns: 400, rows: 50)
            let home = try #require(host.environment["STRATA_HOME"].map { URL(fileURLWithPath: $0) })
            let (process, log) = try tty.startHost(home: home, environment: server.clientEnvironment)
            let pid = process.processIdentifier
            defer { if process.isRunning { kill(pid, SIGKILL) } }
            try #require(await eventually { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
            tty.type("account")
            try #require(await eventually { tty.screen.contains("signed in as      sigrid") }, "\(tty.screen)")
            tty.type("signout sync")
            try #require(
                await eventually(within: Patience.childProcess * 2) { tty.screen.contains("Not signed out: 1 change waits to be sent") },
                "\(tty.screen)\n\(log.snapshot())")
            #expect(
                tty.screen.contains(
                    "Not signed out: 1 change waits to be sent, but the sync server \(server.url) cannot be reached (connection refused"),
                "\(tty.screen)")
            #expect(!tty.screen.contains("RetriesExhausted") && !tty.screen.contains("SyncFailure"), "\(tty.screen)")
            // The screen drawn with the message: still signed in, and the server offline.
            let drawn = { tty.screen.components(separatedBy: "Not signed out:").last ?? "" }
            try #require(await eventually { drawn().contains("connectivity") }, "\(tty.screen)")
            #expect(drawn().contains("connectivity      offline"), "\(drawn())")
            #expect(drawn().contains("signed in as      sigrid"), "\(drawn())")

            tty.type("quit")
            try #require(await eventually { !process.isRunning }, "still running after quit")
            process.waitUntilExit()
        }
    }
}
