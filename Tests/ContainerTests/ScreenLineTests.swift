import StrataContainer
import StrataCrossCutting
import Testing

@Suite("full-screen layout: lines cut to the width in display columns, screens to the height")
struct ScreenLineTests {
    @Test("a line wider than the terminal is cut to its columns and ends in …; a narrower one is unchanged")
    func asciiCut() {
        #expect(ScreenLine.cut("Hanako Sato", to: 20) == "Hanako Sato")
        #expect(ScreenLine.cut("Hanako Sato", to: 11) == "Hanako Sato")
        #expect(ScreenLine.cut("Hanako Sato", to: 8) == "Hanako …")
        #expect(ScreenLine.cut("Hanako Sato", to: 1) == "…")
        #expect(ScreenLine.cut("Hanako Sato", to: 0) == "Hanako Sato", "an unknown width cuts nothing")
    }

    @Test("wide characters count two columns and are never split: the cut line never passes the width")
    func wideCharactersCountTwo() {
        #expect(ScreenLine.width(of: "佐藤花子") == 8)
        #expect(ScreenLine.cut("佐藤花子", to: 8) == "佐藤花子")
        #expect(ScreenLine.cut("佐藤花子", to: 7) == "佐藤花…")
        #expect(ScreenLine.cut("佐藤花子", to: 6) == "佐藤…")
        #expect(ScreenLine.cut("a佐藤花子", to: 6) == "a佐藤…")
        for columns in 1...12 {
            let cut = ScreenLine.cut("患者 佐藤花子 Hanako", to: columns)
            #expect(ScreenLine.width(of: cut) <= columns, "\(cut) is wider than \(columns)")
        }
    }

    @Test("a letter with its combining mark is one grapheme: kept or dropped whole")
    func graphemesStayWhole() {
        let text = "cafe\u{301} au lait"
        let cut = ScreenLine.cut(text, to: 5)
        #expect(cut == "cafe\u{301}…")
        #expect(cut.unicodeScalars.contains("\u{301}"))
    }

    @Test("escape sequences take no column and are never cut in half; a reset after the cut still applies")
    func escapesStayWhole() {
        let line = "\u{1B}[7mabcdefgh\u{1B}[0m"
        #expect(ScreenLine.width(of: line) == 8)
        #expect(ScreenLine.cut(line, to: 8) == line)
        #expect(ScreenLine.cut(line, to: 4) == "\u{1B}[7mabc…\u{1B}[0m")
    }

    @Test("filled pads to exactly the width, counting wide characters")
    func filledPads() {
        #expect(ScreenLine.filled("佐藤", to: 6) == "佐藤  ")
        #expect(ScreenLine.width(of: ScreenLine.filled("佐藤花子さん", to: 7)) <= 7)
    }

    @Test("a frame puts the status line first and cuts every line, tables split at their line breaks")
    func frameCutsEachLine() {
        let frame = ScreenFrame(lines: ["Reports — home", "#  PATIENT\n1  佐藤花子 さとう", "Type a number"], status: "user sigrid · 0 pending")
        let rows = frame.fitted(to: TerminalSize(columns: 12, rows: 0))
        #expect(rows.count == 5)
        #expect(rows.first == "user sigrid…")
        #expect(rows.allSatisfy { ScreenLine.width(of: $0) <= 12 }, "\(rows)")
        #expect(rows[3] == "1  佐藤花子…")
    }

    @Test("too many lines: the top ones, … N more lines, and the prompt, with the last row left for typing")
    func frameCutsToHeight() {
        let body = (1...20).map { "row \($0)" } + ["Type back or quit"]
        let rows = ScreenFrame(lines: body, status: "not signed in").fitted(to: TerminalSize(columns: 40, rows: 8))
        #expect(rows == ["not signed in", "row 1", "row 2", "row 3", "row 4", "… 16 more lines", "Type back or quit"])
        let fits = ScreenFrame(lines: ["a", "b"], status: nil).fitted(to: TerminalSize(columns: 40, rows: 3))
        #expect(fits == ["a", "b"])
    }

    @Test("errors are readable: a Strata error's message, a reflection named by its type, a sentence as it is")
    func errorsAreReadable() {
        #expect(ErrorText.readable(ContainerError(.notRunning, "the container\nis not running")) == "the container is not running")
        struct NIOConnectionError: Error {
            var host: String
            var port: Int?
        }
        let dump = ErrorText.readable(NIOConnectionError(host: "127.0.0.1", port: 9))
        #expect(dump == "an unexpected error (NIOConnectionError)", "\(dump)")
        struct Plain: Error, CustomStringConvertible {
            var description: String { "the disk is full" }
        }
        #expect(ErrorText.readable(Plain()) == "the disk is full")
    }

    @Test("the status line names the user or says nobody is signed in, the counts, and the warning on one line")
    func statusLineText() {
        #expect(StatusLine(user: nil).text == "not signed in · 0 pending · 0 rejected")
        #expect(
            StatusLine(user: "sigrid", pendingChanges: 2, rejectedChanges: 1, warning: "http://x cannot\nbe reached").text
                == "user sigrid · 2 pending · 1 rejected · ⚠ http://x cannot be reached")
    }

    @Test("tabs are expanded to the next tab stop before a line is cut, as the terminal would move the cursor")
    func tabsExpand() {
        #expect(ScreenLine.expandingTabs("a\tb") == "a       b")
        #expect(ScreenLine.expandingTabs("佐藤\tb") == "佐藤    b")
        let rows = ScreenFrame(lines: ["name\tHanako Sato"]).fitted(to: TerminalSize(columns: 12, rows: 0))
        #expect(rows == ["name    Han…"])
    }
}
