import StrataContainer
import StrataContainerTesting
import StrataTestSupport
import Testing

@Suite("strata-host's status line on a full-screen terminal")
struct StatusLineTests {
    @Test("the interactive host registers its status line: not signed in and the counts, redrawn with every screen")
    func interactiveHostShowsTheStatusLine() async throws {
        let host = try await HostHarness()
        let doubles = ContainerDoubles()
        let terminal = MemoryTerminal(fullScreen: true)
        let environment = ContainerEnvironment(
            terminal: terminal, events: doubles.events, clock: doubles.clock, process: doubles.process, logger: doubles.logger)
        let run = Task { await host.runInteractive(environment: environment) }
        // The first frame waits for the boot, which in the full parallel run's first minute can take
        // 20 s or more (as the daemon loops' first pass does): a generous bound, never a sleep.
        try #require(
            await eventually(within: Patience.childProcess) { terminal.frames.last?.status == "not signed in · 0 pending · 0 rejected" },
            "\(terminal.frames)")
        terminal.type("reports")
        try #require(await eventually { terminal.lastScreen.joined(separator: "\n").contains("Case reports, newest first") })
        #expect(terminal.frames.last?.status == "not signed in · 0 pending · 0 rejected")
        terminal.type("quit")
        #expect(await run.value == 0)
        #expect(terminal.restoreCount == 1)
    }

    @Test("a plain terminal draws no status line")
    func plainTerminalHasNone() async throws {
        let host = try await HostHarness()
        let doubles = ContainerDoubles()
        let run = Task { await host.runInteractive(environment: doubles.environment) }
        try #require(await eventually(within: Patience.childProcess) { doubles.terminal.lastScreen.joined().contains("home") })
        doubles.terminal.type("quit")
        #expect(await run.value == 0)
        #expect(doubles.terminal.frames.allSatisfy { $0.status == nil })
    }
}
