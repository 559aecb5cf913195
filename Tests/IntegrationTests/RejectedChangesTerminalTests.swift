import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A refused change through the real binaries against the real `strata-server`: listed by
/// `strata-host sync rejected`, shown by `strata-status` as a warning, discarded in the
/// Account micro-app in a pseudo-terminal, and the server's version back after the next sync.
@Suite("Rejected changes: the real binaries against strata-server", .childProcessSlot)
struct RejectedChangesTerminalTests {
    static let password = "a long password for tests"

    @Test("a member's refused delete is listed and a warning; discarding it in the Account screen brings the report back")
    func refusedDeleteIsListedThenDiscarded() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["sigrid": "ward3", "olaf": "ward3"], password: Self.password)
            let sigrid = ReportsClient("rejected-sigrid", environment: server.clientEnvironment)
            let olaf = ReportsClient("rejected-olaf", environment: server.clientEnvironment)
            try await sigrid.login("sigrid", password: Self.password)
            try await olaf.login("olaf", password: Self.password)
            let added = try await sigrid.host().run(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            try #require(added.status == 0, "\(added)")
            let report = added.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            try #require(try await sigrid.host().run(["sync"]).status == 0)
            try #require(try await olaf.host().run(["sync"]).status == 0)
            try #require(try await olaf.host().run(["reports", "show", report]).status == 0, "olaf pulled sigrid's report")

            // A member may not delete another member's report: the server refuses it.
            #expect(try await olaf.host().run(["reports", "delete", report]).status == 0)
            let sync = try await olaf.host().run(["sync", "--json"])
            #expect(sync.stdout.contains(#""rejected":1"#), "\(sync)")
            let listed = try await olaf.host().run(["sync", "rejected"])
            #expect(listed.status == 0, "\(listed)")
            for expected in ["CaseReport", report, "delete", "a member may not delete another member's object"] {
                #expect(listed.stdout.contains(expected), "\(expected) in \(listed)")
            }
            let waybar = try await StrataProcess("strata-status", home: olaf.home).run(["--format", "waybar"])
            #expect(waybar.stdout.contains(#""class":"rejected""#), "\(waybar)")
            let unknown = try await olaf.host().run(["sync", "discard", "no-such-change"])
            #expect(unknown.status == 64 && unknown.stderrLines.count == 1, "\(unknown)")

            let tty = try PseudoTerminal()
            let (process, log) = try tty.startHost(home: olaf.home, environment: server.clientEnvironment)
            let pid = process.processIdentifier
            defer { if process.isRunning { kill(pid, SIGKILL) } }
            try #require(await eventually { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
            tty.type("account")
            try #require(await eventually { tty.screen.contains("The server refused 1 change:") }, "\(tty.screen)")
            #expect(tty.screen.contains("a member may not delete another member's object"), "\(tty.screen)")
            tty.type("discard 1")
            try #require(
                await eventually { tty.screen.contains("the server's version comes back at the next sync") },
                "\(tty.screen)\n\(log.snapshot())")
            tty.type("sync")
            try #require(await eventually { tty.screen.contains("Synced:") }, "\(tty.screen)\n\(log.snapshot())")
            tty.type("quit")
            try #require(await eventually { !process.isRunning }, "still running after quit")
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)

            let restored = try await olaf.host().run(["reports", "show", report])
            #expect(restored.status == 0 && restored.stdout.contains("Hanako Sato"), "\(restored)")
            #expect(try await olaf.host().run(["sync", "rejected"]).stdout.hasPrefix("No rejected changes"))
            let after = try await StrataProcess("strata-status", home: olaf.home).run(["--format", "waybar"])
            #expect(!after.stdout.contains(#""class":"rejected""#), "\(after)")
        }
    }
}
