import Foundation
import Logging
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataData
import StrataHostKit
import Synchronization
import Testing

/// `strata-host open --stay URL` (what strata-host.desktop runs, so a desktop notification's
/// **Open**): in a terminal with no strata-host running, the full-screen container starts with
/// the URL's screen on top and stays until the person quits; without a terminal it is the
/// one-shot `open`. (With a host running it is handed over: `RunningHostHandoffTests`,
/// `DesktopNotificationTests`.)
@Suite("strata-host open --stay")
struct OpenStayTests {
    @Test("in a terminal with no host running: the container starts on the URL's screen (the report) and stays until quit")
    func staysOnTheURL() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato", age: 42)
        let doubles = ContainerDoubles()
        let terminal = doubles.terminal
        let ended = Mutex(false)
        let run = Task {
            defer { ended.withLock { $0 = true } }
            return await host.runInteractive(["open", "--stay", "strata://reports/\(id)"], environment: doubles.environment)
        }
        try await waitFor(terminal) { $0.contains("Case report \(id)") && $0.contains("Hanako Sato") }
        #expect(!ended.withLock { $0 }, "the app stays after showing the report")
        // Back goes to the Launcher under it: the full app, not a one-shot.
        try await waitFor(terminal, typing: "home") { $0.contains("— home") }
        #expect(!ended.withLock { $0 })
        terminal.type("quit")
        #expect(await run.value == 0)
    }

    @Test("without a terminal --stay is the one-shot open: the micro-app's result is printed")
    func withoutATerminal() async throws {
        let host = try await HostHarness()
        let id = try await host.addReport("Hanako Sato", age: 42)
        let outcome = await host.run(["open", "--stay", "strata://reports/\(id)"])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains("Hanako Sato"), "\(outcome)")
    }
}

extension HostHarness {
    /// Runs `strata-host` with `arguments` as if at a terminal drawn on `environment`; returns the exit status.
    func runInteractive(_ arguments: [String], environment: ContainerEnvironment) async -> Int32 {
        let output = CapturedOutput()
        return await StrataHostCLI.run(
            arguments: arguments, environment: [:], output: output.sink, terminal: .custom { _ in environment }
        ) { _ in
            let logger = StrataLogging.makeLogger(label: "strata-host-test", level: .warning)
            return HostRuntime(
                domain: self.domain, clock: self.clock, notices: self.data.notices, logger: logger,
                location: self.data.location, sync: self.sync, session: self.data.session, usage: self.usage,
                conflicts: self.data.conflicts)
        }
    }
}
