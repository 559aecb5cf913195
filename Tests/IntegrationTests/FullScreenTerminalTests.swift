import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `strata-host` full screen in a pseudo-terminal: the alternate screen entered and always
/// left, each screen redrawn whole (never a scrolling stream of repeated tables), cut to the
/// window and redrawn on SIGWINCH, the status line, and redraws nobody typed for.
@Suite("strata-host full screen in a terminal", .childProcessSlot)
struct FullScreenTerminalTests {
    @Test("the alternate screen is entered, each redraw starts with home+clear, nothing is repeated in a scroll; quit leaves it")
    func redrawsInTheAlternateScreen() async throws {
        let home = temporaryHome()
        let tty = try PseudoTerminal(columns: 100, rows: 30)
        let (process, log) = try tty.startHost(home: home, environment: [:])
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }

        try #require(await eventually(within: Patience.childProcess) { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
        #expect(tty.screen.hasPrefix(PseudoTerminal.enterAlternateScreen), "\(tty.screen.debugDescription)")
        tty.type("reports")
        try #require(
            await eventually(within: Patience.childProcess) { tty.screen.contains("Case reports, newest first") }, "\(tty.screen)")
        let before = tty.frames.count
        tty.type("")
        tty.type("")
        try #require(
            await eventually(within: Patience.childProcess) { tty.frames.filter { $0.contains("Case reports, newest first") }.count >= 3 }, "\(tty.screen)")
        #expect(tty.frames.count >= before + 2)
        // Every copy of the list is a frame of its own: a redraw, not a line appended below the last.
        let copies = tty.screen.components(separatedBy: "Case reports, newest first").count - 1
        #expect(copies == tty.frames.filter { $0.contains("Case reports, newest first") }.count, "\(tty.screen)")
        for frame in tty.frames {
            #expect(frame.components(separatedBy: "Case reports, newest first").count <= 2, "repeated in one frame:\n\(frame)")
            #expect(frame.components(separatedBy: "— home").count <= 2, "repeated in one frame:\n\(frame)")
        }

        tty.type("quit")
        try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after quit:\n\(tty.screen)")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(log.snapshot())")
        try #require(
            await eventually(within: Patience.childProcess) { tty.screen.contains(PseudoTerminal.leaveAlternateScreen) }, "\(tty.screen.debugDescription)")
        let leave = try #require(tty.screen.range(of: PseudoTerminal.leaveAlternateScreen, options: .backwards))
        let enter = try #require(tty.screen.range(of: PseudoTerminal.enterAlternateScreen, options: .backwards))
        #expect(enter.upperBound <= leave.lowerBound, "left before the last enter")
        #expect(!tty.screen[leave.upperBound...].contains(PseudoTerminal.homeAndClear), "drawn after leaving")
        #expect(tty.isEchoing)
    }

    @Test("a terminal that goes away (its window closed) ends the host cleanly, never a crash writing to it")
    func closedTerminalEndsCleanly() async throws {
        let home = temporaryHome()
        let tty = try PseudoTerminal(columns: 80, rows: 24)
        let (process, log) = try tty.startHost(home: home, environment: [:])
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        try #require(await eventually(within: Patience.childProcess) { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
        tty.hangUp()
        // The test's reader thread is inside a read of the controller side, which holds it open
        // until the child writes again: a resize makes it redraw, the read returns, and the
        // last reference goes — the hang-up. The child's writes then fail with EIO.
        kill(pid, SIGWINCH)
        try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after the terminal closed")
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "ended by signal \(process.terminationStatus): \(log.snapshot())")
        #expect(process.terminationStatus == 0, "\(log.snapshot())")
    }

    @Test("SIGTERM and SIGINT leave the alternate screen with the echo on, even on a password prompt", arguments: [SIGTERM, SIGINT])
    func signalLeavesTheAlternateScreen(signal: Int32) async throws {
        let home = temporaryHome()
        let tty = try PseudoTerminal(columns: 90, rows: 30)
        let environment = ["STRATA_SERVER_URL": "http://127.0.0.1:9", "STRATA_APP_KEY": "k"]
        let (process, _) = try tty.startHost(home: home, environment: environment)
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }

        try #require(await eventually(within: Patience.childProcess) { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
        tty.type("account")
        tty.type("signin")
        tty.type("sigrid")
        try #require(
            await eventually(within: Patience.childProcess) { tty.screen.contains("Password (not shown as you type") }, "\(tty.screen)")
        try #require(await eventually(within: Patience.childProcess) { !tty.isEchoing }, "the password prompt did not turn the echo off")

        kill(pid, signal)
        try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after the signal")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        try #require(
            await eventually(within: Patience.childProcess) { tty.screen.contains(PseudoTerminal.leaveAlternateScreen) }, "\(tty.screen.debugDescription)")
        #expect(tty.isEchoing, "the echo stayed off")
    }

    @Test("a resize (TIOCSWINSZ + SIGWINCH) redraws at once, every line cut to the new width and the screen to its height")
    func resizeRedrawsAtTheNewSize() async throws {
        let home = temporaryHome()
        let host = StrataProcess("strata-host", home: home)
        for name in ["佐藤花子 さとうはなこ 長い名前の患者さん", "Hanako Sato with a rather long name to be cut"] {
            let added = try await host.run(["reports", "add", "--patient-name", name, "--age", "42", "--memo", "x"])
            try #require(added.status == 0, "\(added)")
        }
        let tty = try PseudoTerminal(columns: 160, rows: 40)
        let (process, _) = try tty.startHost(home: home, environment: [:])
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        try #require(await eventually(within: Patience.childProcess) { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
        tty.type("reports")
        try #require(
            await eventually(within: Patience.childProcess) { tty.frames.last?.contains("Hanako Sato with a rather long name") == true }, "\(tty.screen)")

        let drawn = tty.frames.count
        try tty.setWindowSize(columns: 30, rows: 40)
        kill(pid, SIGWINCH)
        try #require(await eventually(within: Patience.childProcess) { tty.frames.count > drawn }, "no redraw after SIGWINCH")
        let narrow = PseudoTerminal.visibleLines(try #require(tty.frames.last))
        for line in narrow {
            #expect(TerminalText.displayWidth(line) <= 30, "wider than 30 columns: \(line)")
        }
        #expect(narrow.contains { $0.hasSuffix("…") }, "nothing was cut:\n\(narrow.joined(separator: "\n"))")
        #expect(narrow.contains { $0.contains("佐藤") }, "the Japanese name is gone:\n\(narrow.joined(separator: "\n"))")

        let wide = tty.frames.count
        try tty.setWindowSize(columns: 60, rows: 6)
        kill(pid, SIGWINCH)
        try #require(await eventually(within: Patience.childProcess) { tty.frames.count > wide }, "no redraw after the second SIGWINCH")
        let short = PseudoTerminal.visibleLines(try #require(tty.frames.last)).filter { !$0.isEmpty }
        #expect(short.count <= 5, "taller than the window leaves room for:\n\(short.joined(separator: "\n"))")
        // A list on a short window: the hints give way (the ? screen lists the keys) so rows
        // of the list show, the selected one among them.
        #expect(short.contains { $0.contains("佐藤") || $0.contains("Hanako Sato") }, "no row of the list:\n\(short.joined(separator: "\n"))")
        let selected = try #require(tty.frames.last).range(of: #"\x{1B}\[7(;3[0-7])?m1  "#, options: .regularExpression)
        #expect(selected != nil, "the selected row is not shown:\n\(short.joined(separator: "\n"))")
        #expect(short.first?.contains("not signed in") == true, "the status line is not kept:\n\(short.joined(separator: "\n"))")
        tty.type("quit")
        try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after quit")
    }

    @Test("the status line shows the signed-in user and the pending and rejected changes, in reverse video")
    func statusLineShowsUserAndCounts() async throws {
        try await withTestServer(app: TestServer.casebook) { server in
            try await server.addUsers(["sigrid": "ward3"], password: AccountTerminalTests.password)
            let home = temporaryHome()
            let tty = try PseudoTerminal(columns: 120, rows: 30)
            let (process, log) = try tty.startHost(home: home, environment: server.clientEnvironment)
            let pid = process.processIdentifier
            defer { if process.isRunning { kill(pid, SIGKILL) } }

            try #require(await eventually(within: Patience.childProcess) { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
            try #require(
                await eventually(within: Patience.childProcess) { tty.frames.last?.contains("\u{1B}[7mnot signed in · 0 pending · 0 rejected") == true },
                "\(tty.screen.debugDescription)")
            tty.type("account")
            tty.type("signin")
            tty.type("sigrid")
            try #require(
                await eventually(within: Patience.childProcess) { tty.screen.contains("Password (not shown as you type") }, "\(tty.screen)")
            tty.type(AccountTerminalTests.password)
            try #require(
                await eventually(within: Patience.childProcess) { tty.frames.last?.contains("\u{1B}[7muser sigrid · 0 pending · 0 rejected") == true },
                "\(tty.screen)\n\(log.snapshot())")
            tty.type("quit")
            try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after quit")
        }
    }

    @Test("an unreachable server is a readable warning on the status line, no debug dump on the screen; changes wait")
    func unreachableServerWarns() async throws {
        let home = temporaryHome()
        let environment = ["STRATA_SERVER_URL": "http://127.0.0.1:9", "STRATA_APP_KEY": "k"]
        let added = try await StrataProcess("strata-host", home: home, extraEnvironment: environment)
            .run(["reports", "add", "--patient-name", "Waiting Change", "--age", "50"])
        try #require(added.status == 0, "\(added)")
        let tty = try PseudoTerminal(columns: 200, rows: 30)
        let (process, _) = try tty.startHost(home: home, environment: environment)
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }

        try #require(await eventually(within: Patience.childProcess) { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
        tty.type("account")
        tty.type("signin")
        tty.type("sigrid")
        try #require(
            await eventually(within: Patience.childProcess) { tty.screen.contains("Password (not shown as you type") }, "\(tty.screen)")
        tty.type("whatever it is")
        try #require(
            await eventually(within: Patience.childProcess) {
                PseudoTerminal.visibleLines(tty.frames.last ?? "").first?.contains("⚠") == true
            }, "no warning on the status line:\n\(tty.screen)")
        let status = PseudoTerminal.visibleLines(try #require(tty.frames.last)).first ?? ""
        #expect(status.contains("127.0.0.1:9"), "the warning does not name the server: \(status)")
        #expect(status.contains("not signed in"), "\(status)")
        for dump in ["Optional(", "NIO", "Error(", "errno:"] {
            #expect(!tty.screen.contains(dump), "a debug dump reached the screen (\(dump)):\n\(tty.screen)")
        }
        tty.type("quit")
        try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after quit")
    }

    @Test("a notification recorded while the Notifications screen is open redraws it without typing, title and body apart")
    func notificationRedrawsTheOpenScreen() async throws {
        let home = temporaryHome()
        let tty = try PseudoTerminal(columns: 120, rows: 40)
        let (process, log) = try tty.startHost(home: home, environment: ["STRATA_LOG_LEVEL": "info"])
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        try #require(await eventually(within: Patience.childProcess) { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
        tty.type("notifications")
        try #require(
            await eventually(within: Patience.childProcess) { tty.screen.contains("Arrived while strata-host runs: 0") }, "\(tty.screen)")
        let drawn = tty.frames.count

        try Inbox(home: home).drop("n-live.json", #"{"id": "n-live", "kind": "message", "title": "Lab results", "body": "Ready for ward 3"}"#)
        let recorded = try await StrataProcess("strata-notifyd", home: home).run(["--once"])
        try #require(recorded.status == 0, "\(recorded)")

        try #require(
            await eventually(within: Patience.childProcess) { tty.frames.last?.contains("Arrived while strata-host runs: 1") == true },
            "not redrawn:\n\(tty.screen)\n\(log.snapshot())")
        #expect(tty.frames.count > drawn)
        let lines = PseudoTerminal.visibleLines(try #require(tty.frames.last))
        let title = try #require(lines.firstIndex { $0.contains("[remote] Lab results") }, "\(lines)")
        #expect(!lines[title].contains("Ready for ward 3"), "title and body run together: \(lines[title])")
        #expect(lines[title + 1].trimmingCharacters(in: .whitespaces) == "Ready for ward 3", "\(lines)")
        tty.type("quit")
        try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after quit")
    }

    @Test("a signal sent the moment the Launcher shows is handled, never fatal: its handlers are in place before the first screen")
    func signalAtTheFirstScreenIsHandled() async throws {
        let home = temporaryHome()
        let tty = try PseudoTerminal(columns: 100, rows: 30)
        let process = try tty.startHostWithErrorsOnTerminal(home: home, environment: ["STRATA_LOG_LEVEL": "info"])
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        // Watched closely (every millisecond), so the signal lands right after the first draw,
        // where SIGUSR1's default action used to end the process before the run loop began.
        try #require(
            await eventually(within: Patience.childProcess, every: .milliseconds(1)) { tty.screen.contains("— home") },
            "no Launcher:\n\(tty.screen)")
        kill(pid, SIGUSR1)
        let log = home.appendingPathComponent("strata-host.log")
        let logged = await eventually(within: Patience.childProcess) {
            (try? String(contentsOf: log, encoding: .utf8))?.contains("event: didReceiveMemoryWarning") == true
        }
        let written = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(process.isRunning, "the signal ended the host:\n\(written)")
        try #require(logged, "not logged:\n\(written)")
        tty.type("quit")
        try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after quit")
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    @Test("log lines never land on the screen: with standard error on the terminal they go to strata-host.log")
    func logLinesStayOffTheScreen() async throws {
        let home = temporaryHome()
        let tty = try PseudoTerminal(columns: 100, rows: 30)
        let process = try tty.startHostWithErrorsOnTerminal(home: home, environment: ["STRATA_LOG_LEVEL": "info"])
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        try #require(await eventually(within: Patience.childProcess) { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
        // Sent once the child catches it (its dispatch source is registered), never into the
        // moment before, when the signal is still ignored and lost.
        try #require(
            await eventually(within: Patience.childProcess) { Self.catches(SIGUSR1, pid: pid) }, "SIGUSR1's handler never installed")
        kill(pid, SIGUSR1)
        let log = home.appendingPathComponent("strata-host.log")
        try #require(
            await eventually(within: Patience.childProcess) {
                (try? String(contentsOf: log, encoding: .utf8))?.contains("event: didReceiveMemoryWarning") == true
            },
            "not logged to \(log.path)")
        tty.type("quit")
        try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after quit")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let written = try String(contentsOf: log, encoding: .utf8)
        #expect(written.contains("booted") && written.contains("event: willTerminate"), "\(written)")
        // Lines logged before the alternate screen stay on the main screen; none inside it. The
        // terminal's last bytes may still be on their way to the test's reader after the exit
        // (a loaded run read the screen before the leave sequence arrived): wait for them.
        try #require(
            await eventually(within: Patience.childProcess) { tty.screen.contains(PseudoTerminal.leaveAlternateScreen) },
            "\(tty.screen.debugDescription)")
        let enter = try #require(tty.screen.range(of: PseudoTerminal.enterAlternateScreen))
        let leave = try #require(tty.screen.range(of: PseudoTerminal.leaveAlternateScreen, options: .backwards))
        let fullScreen = tty.screen[enter.upperBound..<leave.lowerBound]
        #expect(!fullScreen.contains("event: ") && !fullScreen.contains("strata-host: ["), "a log line was written over the screen:\n\(fullScreen)")
    }

    @Test("TERM=dumb cannot move its cursor: the screens follow each other as lines, as on a pipe")
    func dumbTerminalStaysPlain() async throws {
        let home = temporaryHome()
        let tty = try PseudoTerminal(columns: 100, rows: 30)
        let (process, _) = try tty.startHost(home: home, environment: ["TERM": "dumb"])
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        try #require(await eventually(within: Patience.childProcess) { tty.screen.contains("— home") }, "no Launcher:\n\(tty.screen)")
        tty.type("quit")
        try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after quit")
        #expect(!tty.screen.contains("\u{1B}"), "\(tty.screen.debugDescription)")
    }

    @Test("a Japanese screen is cut by display columns (kanji and kana two each) and its status line is Japanese")
    func japaneseScreenIsCutByColumns() async throws {
        let home = temporaryHome()
        let tty = try PseudoTerminal(columns: 24, rows: 30)
        let (process, _) = try tty.startHost(home: home, environment: ["LANG": "ja_JP.UTF-8"])
        let pid = process.processIdentifier
        defer { if process.isRunning { kill(pid, SIGKILL) } }
        try #require(await eventually(within: Patience.childProcess) { tty.frames.last?.contains("未サインイン") == true }, "\(tty.screen)")
        let lines = PseudoTerminal.visibleLines(try #require(tty.frames.last))
        for line in lines {
            #expect(TerminalText.displayWidth(line) <= 24, "wider than 24 columns: \(line)")
        }
        #expect(lines.contains { $0.hasSuffix("…") && $0.unicodeScalars.contains { $0.value >= 0x3040 } }, "\(lines)")
        tty.type("quit")
        try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after quit")
    }

    /// Whether process `pid` catches `signal` now: a handler is installed (`SigCgt` of
    /// /proc/<pid>/status), so the signal is handled, neither ignored nor fatal.
    static func catches(_ signal: Int32, pid: pid_t) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("SigCgt:") }),
            let mask = UInt64(line.dropFirst("SigCgt:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return false }
        return mask & (1 << UInt64(signal - 1)) != 0
    }
}
