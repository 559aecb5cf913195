import Foundation
import StrataCrossCutting
import StrataTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `strata-host` full screen in a pseudo-terminal driven key by key, at 100×30 and at 60×15,
/// the screen read back as a terminal shows it (``ScreenGrid``): arrows move the selection and
/// Enter opens the selected row, Esc goes back, `?` shows the keys, PgDn scrolls a long list
/// and turns its page, Up recalls a typed command, a redraw keeps what is being typed, a form
/// shows its choices, and `NO_COLOR` removes every colour.
@Suite("strata-host key by key in a terminal", .childProcessSlot)
struct KeyDrivenTerminalTests {
    /// A window size.
    struct Size: Sendable, CustomStringConvertible {
        let columns: Int
        let rows: Int
        var description: String { "\(columns)×\(rows)" }
    }

    static let sizes = [Size(columns: 100, rows: 30), Size(columns: 60, rows: 15)]

    /// A host on a pseudo-terminal of `size`, killed if still running when the test ends.
    struct Host {
        let tty: PseudoTerminal
        let process: Process
        let log: StrataProcess.Collector
        let size: Size

        init(home: URL, size: Size, environment: [String: String] = [:]) throws {
            self.size = size
            tty = try PseudoTerminal(columns: size.columns, rows: size.rows)
            (process, log) = try tty.startHost(home: home, environment: environment)
        }

        func kill() { if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) } }

        /// The screen now.
        var grid: ScreenGrid { tty.grid(columns: size.columns, rows: size.rows) }

        /// The selected row's text (the reverse-video row below the status line), or `nil`.
        var selected: String? {
            let grid = grid
            return grid.reversedRows.filter { $0 > 0 }.first.map { grid.lines[$0] }
        }

        /// Waits until the screen satisfies `condition`.
        func wait(_ what: String, until condition: (ScreenGrid) -> Bool) async throws {
            let tty = tty
            let size = size
            try #require(
                await eventually(within: Patience.childProcess) { condition(tty.grid(columns: size.columns, rows: size.rows)) },
                "\(what) at \(size):\n\(grid.text)\nreverse video on rows \(grid.reversedRows)\n\(log.snapshot())\n\(String(tty.screen.suffix(1500)).debugDescription)")
        }

        /// Waits until the screen shows `text`.
        func wait(for text: String) async throws {
            try await wait("no '\(text)'") { $0.text.contains(text) }
        }

        /// Waits until the selected row contains `text`.
        func waitSelected(_ text: String) async throws {
            let tty = tty
            let size = size
            try #require(
                await eventually(within: Patience.childProcess) {
                    let grid = tty.grid(columns: size.columns, rows: size.rows)
                    return grid.reversedRows.filter { $0 > 0 }.contains { grid.lines[$0].contains(text) }
                }, "'\(text)' is not selected at \(size):\n\(grid.text)")
        }

        /// Quits (`q` on a list; Ctrl-U and the word quit on any screen) and waits for the exit.
        func quit(key: Bool = false) async throws {
            tty.press(key ? "q" : "\u{15}quit\r")
            try #require(await eventually(within: Patience.childProcess) { !process.isRunning }, "still running after q:\n\(grid.text)")
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(log.snapshot())")
        }
    }

    /// A home with reports for `names` (the last added is listed first).
    static func home(reports names: [String]) async throws -> URL {
        let home = temporaryHome()
        for name in names {
            let added = try await StrataProcess("strata-host", home: home).run(["reports", "add", "--patient-name", name, "--age", "42"])
            try #require(added.status == 0, "\(added)")
        }
        return home
    }

    @Test("arrows move the selection, Enter opens the selected report, Esc goes back with the selection kept", arguments: sizes)
    func arrowsOpenTheSelectedReport(size: Size) async throws {
        let host = try Host(home: try await Self.home(reports: ["Alpha Patient", "Beta Patient", "Gamma Patient"]), size: size)
        defer { host.kill() }
        try await host.wait(for: "— home")
        try await host.waitSelected("Reports")
        host.tty.press(PseudoTerminal.Key.down)
        try await host.waitSelected("FollowUps")
        host.tty.press("k")
        try await host.waitSelected("Reports")
        host.tty.press(PseudoTerminal.Key.enter)
        try await host.wait(for: "Case reports, newest first")
        try await host.waitSelected("Gamma Patient")
        host.tty.press(PseudoTerminal.Key.down + "j")
        try await host.waitSelected("Alpha Patient")
        host.tty.press(PseudoTerminal.Key.up)
        try await host.waitSelected("Beta Patient")
        host.tty.press(PseudoTerminal.Key.enter)
        try await host.wait("the detail of Beta did not open") { !$0.text.contains("Case reports, newest first") && $0.text.contains("Beta Patient") }
        #expect(!host.grid.text.contains("Unknown command"), "\(host.grid.text)")
        host.tty.press(PseudoTerminal.Key.escape)
        try await host.wait(for: "Case reports, newest first")
        try await host.waitSelected("Beta Patient")
        host.tty.press(PseudoTerminal.Key.escape)
        try await host.wait(for: "— home")
        #expect(!host.tty.screen.contains("Unknown command"), "an escape sequence was taken for a command")
        try await host.quit(key: true)
    }

    @Test("? shows the keys of the screen with its own words; PgDn scrolls them on a short window; any other key closes them", arguments: sizes)
    func questionMarkShowsTheKeys(size: Size) async throws {
        let host = try Host(home: temporaryHome(), size: size)
        defer { host.kill() }
        try await host.wait(for: "— home")
        host.tty.press(PseudoTerminal.Key.enter)
        try await host.wait(for: "Case reports, newest first")
        host.tty.press("?")
        try await host.wait(for: "Keys of this screen")
        try await host.wait(for: "open the selected row")
        if size.rows < 20 {
            // Too long for the window: PgDn scrolls the keys instead of closing them.
            host.tty.press(PseudoTerminal.Key.pageDown)
            try await host.wait("PgDn did not scroll the keys") {
                !$0.text.contains("move the selection") && $0.text.contains("any other key closes this screen")
            }
        }
        host.tty.press(" ")
        try await host.wait(for: "Case reports, newest first")
        #expect(!host.grid.text.contains("Keys of this screen"))
        try await host.quit()
    }

    @Test("PgDn scrolls a long list to the selection, and on the last row shows the next page; PgUp on the first the previous", arguments: sizes)
    func pageDownScrollsALongList(size: Size) async throws {
        let names = (1...13).map { String(format: "Patient %02d", $0) }
        let host = try Host(home: try await Self.home(reports: names), size: size)
        defer { host.kill() }
        try await host.wait(for: "— home")
        host.tty.press(PseudoTerminal.Key.enter)
        try await host.wait(for: "(page 1)")
        try await host.waitSelected("Patient 13")
        host.tty.press(PseudoTerminal.Key.pageDown)
        try await host.wait("the selection did not move down") { grid in
            grid.reversedRows.filter { $0 > 0 }.contains { !grid.lines[$0].contains("Patient 13") }
        }
        host.tty.press(PseudoTerminal.Key.end)
        // The page's last row (the tenth newest) is selected and in view.
        try await host.waitSelected("Patient 04")
        if size.rows < 20 {
            #expect(!host.grid.text.contains("Patient 13"), "the list did not scroll:\n\(host.grid.text)")
        }
        host.tty.press(PseudoTerminal.Key.pageDown)
        try await host.wait(for: "(page 2)")
        try await host.waitSelected("Patient 03")
        host.tty.press(PseudoTerminal.Key.pageUp)
        try await host.wait(for: "(page 1)")
        try await host.quit()
    }

    @Test("a typed command is sent on Enter and Up recalls it; a resize mid-typing keeps the typed text and its cursor", arguments: sizes)
    func typedCommandsAndHistory(size: Size) async throws {
        let host = try Host(home: try await Self.home(reports: ["Alpha Patient", "Beta Patient"]), size: size)
        defer { host.kill() }
        try await host.wait(for: "— home")
        host.tty.press("reports\r")
        try await host.wait(for: "Case reports, newest first")
        host.tty.press("search Alpha\r")
        try await host.wait(for: "matching \"Alpha\"")
        host.tty.press(":" + PseudoTerminal.Key.up)
        try await host.wait("Up did not recall the command") { $0.typedLine == "search Alpha" }
        host.tty.press(PseudoTerminal.Key.escape + "show 1" + PseudoTerminal.Key.left)
        try await host.wait("the typed text is not shown") { $0.typedLine == "show 1" && $0.cursorColumn == 5 }
        let other = size.rows == 30 ? Size(columns: 60, rows: 15) : Size(columns: 100, rows: 30)
        let frames = host.tty.frames.count
        try host.tty.setWindowSize(columns: other.columns, rows: other.rows)
        kill(host.process.processIdentifier, SIGWINCH)
        try #require(await eventually(within: Patience.childProcess) { host.tty.frames.count > frames }, "no redraw after SIGWINCH")
        let resized = host.tty.grid(columns: other.columns, rows: other.rows)
        #expect(resized.typedLine == "show 1", "the typed text is gone after the resize:\n\(resized.text)")
        #expect(resized.cursorColumn == 5, "the cursor moved: \(resized.cursorRow),\(resized.cursorColumn)")
        host.tty.press(PseudoTerminal.Key.enter)
        try #require(
            await eventually(within: Patience.childProcess) {
                let grid = host.tty.grid(columns: other.columns, rows: other.rows)
                return grid.text.contains("Alpha Patient") && !grid.text.contains("matching")
            }, "show 1 was not sent intact:\n\(host.tty.grid(columns: other.columns, rows: other.rows).text)")
        try await host.quit()
    }

    @Test("a notification arriving while a command is typed redraws the list with the typed text and its cursor kept; Enter sends it intact", arguments: sizes)
    func notificationMidTyping(size: Size) async throws {
        let home = temporaryHome()
        let host = try Host(home: home, size: size)
        defer { host.kill() }
        try await host.wait(for: "— home")
        host.tty.press("notifications\r")
        try await host.wait(for: "Arrived while strata-host runs: 0")
        host.tty.press("read 1" + PseudoTerminal.Key.left)
        try await host.wait("the typed text is not shown") { $0.typedLine == "read 1" && $0.cursorColumn == 5 }

        try Inbox(home: home).drop("n-typing.json", #"{"id": "n-typing", "kind": "message", "title": "Lab results", "body": "Ward 3"}"#)
        let recorded = try await StrataProcess("strata-notifyd", home: home).run(["--once"])
        try #require(recorded.status == 0, "\(recorded)")
        try await host.wait("the notification's redraw lost the typed text or moved its cursor") { grid in
            grid.text.contains("Arrived while strata-host runs: 1") && grid.text.contains("Lab results")
                && grid.typedLine == "read 1" && grid.cursorColumn == 5
        }
        host.tty.press(PseudoTerminal.Key.enter)
        try await host.wait(for: "Marked n-typing read.")
        try await host.quit()
    }

    @Test("a form at 60×15 shows its prompt, every choice and the line being typed", arguments: sizes)
    func formShowsItsChoices(size: Size) async throws {
        let host = try Host(home: temporaryHome(), size: size)
        defer { host.kill() }
        try await host.wait(for: "— home")
        host.tty.press("reports\r")
        try await host.wait(for: "Case reports, newest first")
        host.tty.press("add\r")
        try await host.wait(for: "> Patient name")
        host.tty.press("Hanako Sato\r")
        try await host.wait(for: "> Age in years")
        host.tty.press("42\r")
        try await host.wait(for: "> Gender")
        host.tty.press("fem")
        try await host.wait("the form hid a choice or the typed text") { grid in
            ["> Gender", "1. female", "2. male", "3. other", "4. unspecified"].allSatisfy { grid.text.contains($0) }
                && grid.typedLine == "fem"
        }
        #expect(!host.grid.text.contains("more lines") || host.grid.text.contains("PgDn") || host.grid.text.contains("PgUp"))
        host.tty.press(PseudoTerminal.Key.escape + PseudoTerminal.Key.escape)
        try await host.wait(for: "> Age in years")
        try await host.quit()
    }

    @Test("colours carry meaning on a terminal, and NO_COLOR removes every one (the selection stays in reverse video)")
    func noColor() async throws {
        let environment = ["STRATA_SERVER_URL": "http://127.0.0.1:9", "STRATA_APP_KEY": "k"]
        let home = temporaryHome()
        let added = try await StrataProcess("strata-host", home: home, extraEnvironment: environment)
            .run(["reports", "add", "--patient-name", "Waiting Change", "--age", "50"])
        try #require(added.status == 0, "\(added)")
        let colourEscape = #"\x{1B}\[[0-9;]*3[0-7]m"#
        for noColor in [false, true] {
            let size = Size(columns: 100, rows: 30)
            let host = try Host(home: home, size: size, environment: noColor ? environment.merging(["NO_COLOR": "1"]) { $1 } : environment)
            defer { host.kill() }
            try await host.wait(for: "— home")
            host.tty.press(PseudoTerminal.Key.enter)
            try await host.wait(for: "Waiting Change")
            try await host.waitSelected("Waiting Change")
            let coloured = host.tty.screen.range(of: colourEscape, options: .regularExpression) != nil
            #expect(coloured == !noColor, "NO_COLOR=\(noColor ? "1" : "unset"): colour escapes \(coloured ? "found" : "missing"):\n\(host.tty.screen.suffix(2000).debugDescription)")
            try await host.quit()
        }
    }
}
