import Foundation
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// **Open** on a desktop notification, end to end: dunst's `ActionInvoked` → strata-notifyd →
/// the real `xdg-open` → strata-host.desktop → a terminal emulator running `strata-host open
/// --stay URL`. With no strata-host running, that terminal's command is the full-screen app on
/// the notification's report, which stays until the person quits; with one running, the URL is
/// handed to it. Either way the bubble is closed once the action is invoked.
extension DesktopNotificationTests {
    /// A report and a notification pointing to it, shown by dunst; returns the report's id.
    private func showNotification(
        _ id: String, home: URL, host: StrataProcess, desktop: TestDesktop, daemon: StrataProcess.Running
    ) async throws {
        let added = try await host.run(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
        let report = try #require(
            added.stdout.split(separator: "\n").last.map { String($0).trimmingCharacters(in: .whitespaces) }, "\(added)")
        try Inbox(home: home).drop(
            "\(id).json", #"{"id": "\#(id)", "kind": "message", "reportId": "\#(report)", "title": "Lab result ready"}"#)
        let shown = await eventually(within: Patience.childProcess, every: .milliseconds(100)) {
            try await desktop.displayedCount() == 1
        }
        #expect(shown, "daemon: \(daemon.stdout.snapshot()) \(daemon.stderr.snapshot())")
    }

    @Test(
        "Open with no strata-host running: the terminal runs the full-screen app on the report, which stays until quit; the bubble closes"
    )
    func openStartsTheFullScreenApp() async throws {
        let root = TemporaryRoot.directory("desktop")
        defer { try? FileManager.default.removeItem(at: root) }
        try await TestDesktop.with(root: root) { desktop in
            let opener = try OpenerSetup(desktop: desktop)
            let home = root.appendingPathComponent("strata", isDirectory: true)
            let host = StrataProcess("strata-host", home: home, extraEnvironment: desktop.environment)
            // The stub terminal only notes its command: the test runs it in a window's stand-in, a pseudo-terminal.
            let extra = opener.environment.merging(["STRATA_TEST_TERMINAL_RUN": "no"]) { _, new in new }
            let daemon = try startOpenDaemon(home: home, desktop: desktop, path: opener.path, extra: extra)
            try await withCleanUp(of: daemon, by: { await Self.stopDaemon($0) }) { daemon in
                try await showNotification("n-7", home: home, host: host, desktop: desktop, daemon: daemon)

                let action = try await desktop.dunstctl(["action", "0"])

                #expect(action.status == 0, "\(action)")
                let closed = await eventually(within: Patience.childProcess, every: .milliseconds(100)) {
                    try await desktop.displayedCount() == 0
                }
                #expect(closed, "the bubble is closed once Open is invoked: daemon \(daemon.stderr.snapshot())")
                #expect(await eventually(within: Patience.childProcess) { !opener.terminalLog().isEmpty })
                let command = opener.terminalLog().trimmingCharacters(in: .newlines)
                let executable = StrataProcess.executable("strata-host").path
                #expect(
                    command == "-e \(executable) open --stay strata://notifications/n-7/open?action=default",
                    "xdg-open ran strata-host.desktop's command: \(command)")

                // That command in a terminal: the full-screen app, the report on top, until quit.
                let words = command.split(separator: " ").map(String.init)
                try #require(words.count >= 2 && words[0] == "-e", "\(command)")
                let tty = try PseudoTerminal(columns: 100, rows: 30)
                let (process, log) = try tty.start(
                    words[1], Array(words.dropFirst(2)), home: home,
                    environment: desktop.environment.merging(["STRATA_LOG_LEVEL": "info"]) { $1 })
                defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
                let onReport = await eventually(within: Patience.childProcess) {
                    tty.screen.contains(PseudoTerminal.enterAlternateScreen) && tty.screen.contains("Hanako Sato")
                }
                #expect(onReport, "the report on the full-screen app:\n\(tty.screen)\n\(log.snapshot())")
                #expect(
                    await eventually(within: Patience.childProcess) { try await Self.isRead("n-7", host: host) },
                    "opening the notification marks it read")
                #expect(process.isRunning, "the app stays open until the person quits:\n\(tty.screen)")
                // Another Open finds this host running and is handed to it.
                #expect(
                    await eventually(within: Patience.childProcess) { log.snapshot().contains("handoff: listening") },
                    "\(log.snapshot())")

                kill(process.processIdentifier, SIGTERM)
                #expect(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after SIGTERM")
                process.waitUntilExit()
                #expect(process.terminationStatus == 0, "\(log.snapshot())")
            }
        }
    }

    @Test("Open with a strata-host running: the URL is handed to it and its screen shows the report; the bubble closes")
    func openHandsOverToTheRunningHost() async throws {
        let root = TemporaryRoot.directory("desktop")
        defer { try? FileManager.default.removeItem(at: root) }
        try await TestDesktop.with(root: root) { desktop in
            let opener = try OpenerSetup(desktop: desktop)
            let home = root.appendingPathComponent("strata", isDirectory: true)
            let host = StrataProcess("strata-host", home: home, extraEnvironment: desktop.environment)
            let daemon = try startOpenDaemon(home: home, desktop: desktop, path: opener.path, extra: opener.environment)
            try await withCleanUp(of: daemon, by: { await Self.stopDaemon($0) }) { daemon in
                try await showNotification("n-8", home: home, host: host, desktop: desktop, daemon: daemon)
                let tty = try PseudoTerminal(columns: 100, rows: 30)
                var environment = desktop.environment
                environment["STRATA_LOG_LEVEL"] = "info"
                let (running, log) = try tty.startHost(home: home, environment: environment)
                defer { if running.isRunning { kill(running.processIdentifier, SIGKILL) } }
                try #require(
                    await eventually(within: Patience.childProcess) { log.snapshot().contains("handoff: listening") },
                    "\(tty.screen)\n\(log.snapshot())")
                #expect(!tty.screen.contains("Hanako Sato"), "the Launcher first:\n\(tty.screen)")

                let action = try await desktop.dunstctl(["action", "0"])

                #expect(action.status == 0, "\(action)")
                #expect(
                    await eventually(within: Patience.childProcess) { tty.screen.contains("Hanako Sato") },
                    "the running host shows the report:\n\(tty.screen)\nterminal: \(opener.terminalLog())\n\(log.snapshot())")
                #expect(log.snapshot().contains("handoff: opening a URL"), "\(log.snapshot())")
                #expect(
                    await eventually(within: Patience.childProcess, every: .milliseconds(100)) {
                        try await desktop.displayedCount() == 0
                    }, "the bubble is closed once Open is invoked")
                #expect(await eventually(within: Patience.childProcess) { try await Self.isRead("n-8", host: host) })
                #expect(running.isRunning)
                kill(running.processIdentifier, SIGTERM)
                #expect(await eventually(within: Patience.childProcess) { !running.isRunning })
            }
        }
    }

    /// strata-notifyd on `desktop`'s bus with `PATH` = `path` (the stub terminal first).
    private func startOpenDaemon(home: URL, desktop: TestDesktop, path: String, extra: [String: String]) throws
        -> StrataProcess.Running
    {
        var environment = desktop.environment.merging(extra) { _, new in new }
        environment["PATH"] = path
        environment["STRATA_LOG_LEVEL"] = "info"
        return try StrataProcess("strata-notifyd", home: home, extraEnvironment: environment)
            .start(["--poll-interval", "0.05", "--desktop", "dbus"])
    }

    private static func stopDaemon(_ daemon: StrataProcess.Running) async {
        daemon.signal(SIGTERM)
        _ = await daemon.finish(within: Patience.childProcess)
    }
}
