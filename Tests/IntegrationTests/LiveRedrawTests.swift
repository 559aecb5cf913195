import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Live changes on screen: carol's interactive strata-host, full screen on the report list,
/// redraws the list from her store when alice's report is pulled, without anyone typing; what
/// carol is typing meanwhile stays on screen and Enter sends it intact.
@Suite("live changes: the full-screen strata-host redraws the list when a pulled report lands", .childProcessSlot, .serialized)
struct LiveRedrawTests {
    static let password = "a long password for tests"

    @Test("carol's report list shows alice's new report by itself, nothing typed")
    func listRedrawsWithoutTyping() async throws {
        try await withCarolOnTheList { alice, tty, log in
            _ = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            _ = try await alice.succeed(["sync"])
            let shown = await eventually(within: Patience.childProcess) { tty.frames.last?.contains("Hanako Sato") == true }
            #expect(shown, "the list never showed the pulled report:\n\(tty.frames.last ?? "")\n\(log.snapshot())")
        }
    }

    @Test("what carol has typed (no Enter yet) stays on screen through the redraw, and Enter sends it intact")
    func typedTextSurvivesTheRedraw() async throws {
        try await withCarolOnTheList { alice, tty, log in
            _ = try await alice.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            _ = try await alice.succeed(["sync"])
            try #require(
                await eventually(within: Patience.childProcess) { tty.frames.last?.contains("Hanako Sato") == true },
                "\(tty.frames.last ?? "")\n\(log.snapshot())")

            // Row 2 once alice's second report is listed first: Hanako's report.
            tty.press("show 2")
            try #require(await eventually { tty.screen.hasSuffix("show 2") }, "\(tty.screen.suffix(200).debugDescription)")
            _ = try await alice.succeed(["reports", "add", "--patient-name", "Taro Yamada", "--age", "67"])
            _ = try await alice.succeed(["sync"])
            let redrawn = await eventually(within: Patience.childProcess) { tty.frames.last?.contains("Taro Yamada") == true }
            try #require(redrawn, "the list never showed the pulled report:\n\(tty.frames.last ?? "")\n\(log.snapshot())")
            let frame = try #require(tty.frames.last)
            let typed = PseudoTerminal.visibleLines(frame).last { !$0.isEmpty }
            #expect(typed == "show 2", "the typed text is gone from the redrawn screen:\n\(frame.debugDescription)")

            tty.press("\n")
            let opened = await eventually {
                let last = tty.frames.last ?? ""
                return last.contains("Case report ") && last.contains("Hanako Sato") && !last.contains("Taro Yamada")
            }
            #expect(opened, "Enter did not send \"show 2\" intact:\n\(tty.frames.last ?? "")")
        }
    }

    /// Alice and carol (ward3) signed in on homes of their own; carol's interactive strata-host
    /// runs full screen in a pseudo-terminal, on the (empty) report list, while `body` runs.
    private func withCarolOnTheList(
        _ body: (StrataProcess, PseudoTerminal, StrataProcess.Collector) async throws -> Void
    ) async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["alice": "ward3", "carol": "ward3"], password: Self.password)
            let hosts = try await server.signedInHosts(["alice", "carol"], password: Self.password, label: "live-redraw")
            let home = URL(fileURLWithPath: try #require(hosts[1].environment["STRATA_HOME"]))
            let tty = try PseudoTerminal(columns: 100, rows: 30)
            let (process, log) = try tty.startHost(home: home, environment: server.clientEnvironment)
            let pid = process.processIdentifier
            defer { if process.isRunning { kill(pid, SIGKILL) } }
            try #require(await eventually(within: Patience.childProcess) { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
            tty.type("reports")
            try #require(
                await eventually { tty.frames.last?.contains("No case reports yet") == true }, "\(tty.frames.last ?? "")")
            try await body(hosts[0], tty, log)
            tty.type("quit")
            _ = await eventually { !process.isRunning }
        }
    }
}
