@testable import StrataContainer
import StrataCrossCutting
import Testing

/// A frame painted on a full-screen terminal: hints wrapped and table rows cut, a list scrolled
/// to its selection in reverse video, tones in colour (never without colours), a form scrolled
/// to its prompt, and the typed line with its cursor.
@Suite("painting a frame: wrapping, the selection, colours, scrolling, the typed line")
struct ScreenPainterTests {
    private func visible(_ row: String) -> String {
        let text = ScreenLine.pieces(of: row).filter { !$0.isEscape }.map(\.text).joined()
        return String(text.reversed().drop { $0 == " " }.reversed())
    }

    @Test("hint and message lines wrap at the width (indentation kept); table rows are cut")
    func wrapsHintsCutsTables() {
        let painter = ScreenPainter(size: TerminalSize(columns: 20, rows: 0), colours: true)
        let rows = painter.paint(ScreenFrame(lines: ["Type a value, then Enter to keep the value", "  Patient name: Hanako Sato", "#  PATIENT    AGE 42 years", "A\nB"])).rows
        #expect(rows == ["Type a value, then", "Enter to keep the", "value", "  Patient name:", "  Hanako Sato", "#  PATIENT    AGE 4…", "A", "B"])
        #expect(ScreenPainter.wrap("佐藤花子さとうはなこ", to: 6) == ["佐藤花", "子さと", "うはな", "こ"])
    }

    static func list(count: Int, selected: Int, top: Int = 0) -> ScreenFrame {
        var frame = ScreenFrame(lines: [], status: "user sigrid · 0 pending · 0 rejected")
        let items = (1...count).map { ScreenItem(id: "\($0)", text: "\($0)  Patient \($0)", command: "show \($0)", tone: $0 == 2 ? .overdue : nil) }
        frame.list = ScreenFrame.List(header: ["Reports", "#  PATIENT"], items: items, footer: ["Type: add · show N"], selected: selected, top: top)
        return frame
    }

    @Test("a list keeps its header and footer, shows the rows from its top (the selected one in reverse video) and says which rows show")
    func listWindow() {
        let painter = ScreenPainter(size: TerminalSize(columns: 30, rows: 10), colours: true)
        let frame = Self.list(count: 40, selected: 12, top: 9)
        #expect(painter.itemRoom(frame) == 4, "one row says which rows show")
        let rows = painter.paint(frame).rows
        #expect(rows.count == 9)
        #expect(rows.map(visible).dropFirst() == ["Reports", "#  PATIENT", "10  Patient 10", "11  Patient 11", "12  Patient 12", "13  Patient 13", "rows 10–13 of 40", "Type: add · show N"])
        #expect(rows[6] == "\u{1B}[7m" + ScreenLine.filled("13  Patient 13", to: 30) + "\u{1B}[0m")
        let fits = Self.list(count: 3, selected: 0)
        #expect(!painter.paint(fits).rows.contains { $0.contains("rows ") }, "every row shows: no position row")
        #expect(rows[0].hasPrefix("\u{1B}[7m") && visible(rows[0]).hasPrefix("user sigrid"))
    }

    @Test("a row's tone is its colour; without colours (NO_COLOR) no colour at all, the selection still in reverse video")
    func tones() {
        let frame = Self.list(count: 3, selected: 0)
        let coloured = ScreenPainter(size: TerminalSize(columns: 30, rows: 10), colours: true).paint(frame).rows
        #expect(coloured[4] == "\u{1B}[33m2  Patient 2\u{1B}[0m")
        let plain = ScreenPainter(size: TerminalSize(columns: 30, rows: 10), colours: false).paint(frame).rows
        #expect(plain[4] == "2  Patient 2")
        #expect(plain.allSatisfy { !$0.contains("\u{1B}[3") && !$0.contains(";3") })
        #expect(plain[3].hasPrefix("\u{1B}[7m"))
        var offline = frame
        offline.statusTone = .offline
        #expect(ScreenPainter(size: TerminalSize(columns: 30, rows: 10), colours: true).paint(offline).rows[0].hasPrefix("\u{1B}[7;33m"))
        #expect(ScreenPainter(size: TerminalSize(columns: 30, rows: 10), colours: false).paint(offline).rows[0].hasPrefix("\u{1B}[7m"))
    }

    @Test("on a short window the footer and then the header give way so some rows of the list show")
    func shortWindow() {
        var frame = Self.list(count: 40, selected: 0)
        frame.list?.footer = ["one hint", "another hint", "Type: add"]
        let rows = ScreenPainter(size: TerminalSize(columns: 30, rows: 6), colours: false).paint(frame).rows.map(visible)
        #expect(rows.count == 5)
        #expect(rows.contains("1  Patient 1") && rows.contains("2  Patient 2") && rows.contains("rows 1–2 of 40"), "\(rows)")
    }

    @Test("a form at 60×15 shows its prompt and every choice, with the rows above and below counted")
    func formScrollsToItsPrompt() {
        let lines = ["New case report", ""] + (1...6).map { "  Field \($0): value \($0)" }
            + ["> Gender [unspecified]", "  1. female", "  2. male", "  3. other", "  4. unspecified", ""]
            + ["Type a value, then Enter (Enter alone keeps the value in [brackets]).", "A listed number picks that choice.",
               "back: the previous field · cancel: leave the form · home · quit", "\\back enters the word back as a value."]
        var frame = ScreenFrame(lines: lines, status: "not signed in")
        let painter = ScreenPainter(size: TerminalSize(columns: 60, rows: 15), colours: false)
        let rows = painter.paint(frame).rows.map(visible)
        #expect(rows.count == 14)
        for text in ["> Gender [unspecified]", "  1. female", "  4. unspecified"] { #expect(rows.contains(text), "\(text):\n\(rows)") }
        #expect(rows[1].hasPrefix("↑ 7 more lines"), "\(rows)")
        #expect(rows.last?.hasPrefix("↓ ") == true, "\(rows)")
        // PgDn scrolls down to the end; past it the scroll is kept at the end.
        frame.scroll = 100
        frame.scroll = painter.clampedScroll(frame)
        let end = painter.paint(frame).rows.map(visible)
        #expect(end.last == "\\back enters the word back as a value.", "\(end)")
        frame.scroll = -100
        frame.scroll = painter.clampedScroll(frame)
        #expect(painter.paint(frame).rows.map(visible)[1] == "New case report")
    }

    @Test("an error message is red with colours, plain without; other messages are never coloured")
    func errorMessageInRed() {
        var frame = ScreenFrame(lines: ["Unknown command 'x'. Type one of the words below.", "Account"])
        frame.message = frame.lines[0]
        frame.messageTone = .error
        let size = TerminalSize(columns: 80, rows: 10)
        #expect(ScreenPainter(size: size, colours: true).paint(frame).rows[0] == "\u{1B}[31m\(frame.lines[0])\u{1B}[0m")
        #expect(ScreenPainter(size: size, colours: false).paint(frame).rows[0] == frame.lines[0])
        frame.messageTone = nil
        #expect(ScreenPainter(size: size, colours: true).paint(frame).rows[0] == frame.lines[0])
        #expect(ScreenCommand.isUnknown("Unknown command 'x'. Type one of the words below."))
        #expect(!ScreenCommand.isUnknown("Added case report 12"))
    }

    @Test("a long screen without a prompt shows its top and keeps its last line; a message stays at the top")
    func detailKeepsItsTypeLine() {
        var frame = ScreenFrame(lines: ["Refused: age is 200"] + (1...30).map { "line \($0)" } + ["Type: edit · back"])
        frame.message = "Refused: age is 200"
        let rows = ScreenPainter(size: TerminalSize(columns: 40, rows: 10), colours: false).paint(frame).rows.map(visible)
        #expect(rows == ["Refused: age is 200", "line 1", "line 2", "line 3", "line 4", "line 5", "line 6", "↓ 24 more lines · PgDn", "Type: edit · back"])
    }

    @Test("the typed line shows with the cursor where it is, cut around the cursor when longer than the width")
    func typedLine() {
        var frame = ScreenFrame(lines: ["x"])
        frame.input = ScreenFrame.Input(text: "show 2", cursor: 4)
        let painted = ScreenPainter(size: TerminalSize(columns: 40, rows: 10), colours: true).paint(frame)
        #expect(painted.input == "show 2" && painted.cursorBack == 2)
        frame.input = ScreenFrame.Input(text: String(repeating: "a", count: 30) + "END", cursor: 33, prompt: "/")
        let cut = ScreenPainter(size: TerminalSize(columns: 12, rows: 10), colours: true).paint(frame)
        #expect(cut.input == "…aaaaaaEND" && cut.cursorBack == 0)
        #expect(TerminalText.displayWidth(cut.input) <= 11)
    }
}
