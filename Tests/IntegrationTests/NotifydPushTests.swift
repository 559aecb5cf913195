import Foundation
import StrataTestSupport
import Testing

/// `strata-notifyd` on the device's push channel: the real `strata-server`, a host that logs
/// in (which registers the device), and the daemon pointed at the server by `STRATA_SERVER_URL`.
@Suite("strata-notifyd on the sync server's push channel", .childProcessSlot, .serialized)
struct NotifydPushTests {
    static let password = "a long password for tests"

    @Test("a message pushed to the group is recorded once and delivered by the running daemon, then never again")
    func pushedMessageIsRecordedOnce() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            let home = try await aliceLoggedIn(to: server)
            defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }

            var environment = server.clientEnvironment
            environment["STRATA_LOG_LEVEL"] = "info"
            let notifyd = StrataProcess("strata-notifyd", home: home, extraEnvironment: environment)
            let running = try notifyd.start(["--poll-interval", "0.05"])
            let started = await eventually(within: Patience.childProcess) { running.stderr.snapshot().contains("started") }
            #expect(started, "never started: \(running.stderr.snapshot())")

            #expect(try await push(server, title: "Ward meeting", body: "At 3 pm") == "sent to 1 device")
            let delivered = await eventually(within: Patience.childProcess) { running.stdout.snapshot().contains("message: Ward meeting — At 3 pm") }
            #expect(delivered, "not delivered within \(Patience.childProcess): \(running.stdout.snapshot())\n\(running.stderr.snapshot())")

            // SIGTERM ends the daemon promptly even while a long poll is open.
            let stopStarted = Date()
            running.signal(SIGTERM)
            let stopped = await running.finish(within: Patience.childProcess)
            #expect(stopped.status == 0, "\(stopped)")
            // The bound only tells "ended the open poll" from "waited for its 25 s": a loaded-safe
            // 20 s, not a measure of speed.
            #expect(Date().timeIntervalSince(stopStarted) < 20, "took \(Date().timeIntervalSince(stopStarted)) s to stop")
            let lines = stopped.stdout.split(separator: "\n")
            #expect(lines.count == 1 && lines.first?.hasPrefix("recorded ") == true, "\(stopped)")

            // Acknowledged: another run receives nothing; a new message is received by --once.
            let quiet = try await notifyd.run(["--once"])
            #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet)")
            #expect(try await push(server, title: "Lab results", body: "Ready") == "sent to 1 device")
            let once = try await notifyd.run(["--once"])
            #expect(once.status == 0, "\(once)")
            #expect(once.stdout.hasSuffix(" message: Lab results — Ready\n") && once.stdout.hasPrefix("recorded "), "\(once)")

            let status = try await StrataProcess("strata-status", home: home).run(["--format", "json"])
            let summary = try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any]
            #expect(summary?["unreadNotifications"] as? Int == 2, "one record per message: \(status)")
        }
    }

    @Test("on a shared store each user is a device of their own: the next user gets only their messages")
    func sharedStoreUsersHaveTheirOwnDevice() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "bob": "ward5"], password: Self.password)
            let home = temporaryHome()
            defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
            let host = StrataProcess("strata-host", home: home, extraEnvironment: server.clientEnvironment)
            let notifyd = StrataProcess("strata-notifyd", home: home, extraEnvironment: server.clientEnvironment)

            let alice = try await host.run(["account", "login", "--account", "alice", "--password-stdin"], stdin: Self.password + "\n")
            try #require(alice.status == 0 && alice.stderr.isEmpty, "alice: \(alice)")
            #expect(try await push(server, group: "ward3", title: "For alice", body: "Ward 3 only") == "sent to 1 device")
            _ = try await host.succeed(["account", "logout"])

            let bob = try await host.run(["account", "login", "--account", "bob", "--password-stdin"], stdin: Self.password + "\n")
            #expect(bob.status == 0 && bob.stderr.isEmpty, "bob's device registers without a conflict: \(bob)")
            #expect(try await push(server, group: "ward5", title: "For bob", body: "Ward 5 only") == "sent to 1 device")
            let once = try await notifyd.run(["--once"])
            #expect(once.status == 0, "\(once)")
            #expect(once.stdout.hasSuffix(" message: For bob — Ward 5 only\n"), "\(once)")
            #expect(!once.stdout.contains("For alice"), "another user's message must not arrive: \(once)")
        }
    }

    @Test("signed out, the daemon waits for a login instead of failing; --once exits 0")
    func signedOutDaemonWaits() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            let home = temporaryHome()
            defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
            var environment = server.clientEnvironment
            environment["STRATA_LOG_LEVEL"] = "info"
            let notifyd = StrataProcess("strata-notifyd", home: home, extraEnvironment: environment)
            let once = try await notifyd.run(["--once"])
            #expect(once.status == 0, "\(once)")
            #expect(once.stderr.contains("nobody is signed in"), "\(once)")
        }
    }

    @Test("an unreachable server makes --once exit 75 with the reason, and the inbox is still drained")
    func unreachableServerIsRetryLater() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            let home = try await aliceLoggedIn(to: server)
            defer { try? FileManager.default.removeItem(at: home.deletingLastPathComponent()) }
            await server.stop()

            let notifyd = StrataProcess("strata-notifyd", home: home, extraEnvironment: server.clientEnvironment)
            try Inbox(home: home).drop("n1.json", #"{"id": "n-1", "kind": "message", "title": "Still here"}"#)
            // --desktop off: without a session bus the daemon would add its one "why" line.
            let once = try await notifyd.run(["--once", "--desktop", "off"])

            #expect(once.status == 75, "\(once)")
            #expect(once.stdout == "recorded n-1 message: Still here\n", "\(once)")
            #expect(once.stderrLines.count == 1 && once.stderr.contains("push channel"), "\(once)")
        }
    }

    /// Gives `server` user alice (group ward3) and logs her in from a fresh home; the home.
    private func aliceLoggedIn(to server: TestServer) async throws -> URL {
        try await server.addUsers(["alice": "ward3"], password: Self.password)
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home, extraEnvironment: server.clientEnvironment)
        let login = try await host.run(["account", "login", "--account", "alice", "--password-stdin"], stdin: Self.password + "\n")
        try #require(login.status == 0, "login: \(login)")
        return home
    }

    /// `strata-server admin push --group GROUP --title T --body B`; returns its output line.
    private func push(_ server: TestServer, group: String = "ward3", title: String, body: String) async throws -> String {
        let admin = StrataProcess("strata-server", home: server.dataDirectory.appendingPathComponent("unused-home"))
        let outcome = try await admin.run(
            ["admin", "push", "--group", group, "--title", title, "--body", body, "--data-dir", server.dataDirectory.path])
        try #require(outcome.status == 0, "admin push: \(outcome)")
        return outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
