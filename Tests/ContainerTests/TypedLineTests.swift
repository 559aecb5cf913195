@testable import StrataContainer
import Testing

/// The line typed on a full-screen terminal, read a key at a time: edited as the terminal's
/// line discipline would, and shown again after each redraw.
@Suite("the typed line of a full-screen terminal: edits, Enter, what shows")
struct TypedLineTests {
    private func feed(_ text: String, into line: inout TypedLine) -> [TypedLine.Event] {
        text.utf8.map { line.feed($0) }
    }

    @Test("Enter sends the line typed, shown as it was typed; CR LF is one Enter")
    func enterSendsTheLine() {
        var line = TypedLine()
        #expect(feed("show 2", into: &line).allSatisfy { $0 == .changed })
        #expect(line.shown == "show 2")
        #expect(feed("\r\n", into: &line) == [.submitted("show 2", echoed: true), .none])
        #expect(line.shown == "")
        #expect(feed("\n", into: &line) == [.submitted("", echoed: true)])
    }

    @Test("Backspace erases a whole character (kana too), Ctrl-W the last word, Ctrl-U the line")
    func editsAsTheTerminalWould() {
        var line = TypedLine()
        _ = feed("search 佐藤", into: &line)
        _ = feed("\u{7F}", into: &line)
        #expect(line.shown == "search 佐")
        _ = feed("\u{17}", into: &line)
        #expect(line.shown == "search ")
        _ = feed("x\u{15}", into: &line)
        #expect(line.shown == "")
        #expect(feed("\u{7F}", into: &line) == [.none])
    }

    @Test("arrow keys and other control characters are dropped; Ctrl-D ends the input only on an empty line")
    func controlKeys() {
        var line = TypedLine()
        _ = feed("a\u{1B}[Ab\u{1B}OC\u{01}c", into: &line)
        #expect(line.shown == "abc")
        #expect(feed("\u{04}", into: &line) == [.none])
        _ = feed("\u{15}", into: &line)
        #expect(feed("\u{04}", into: &line) == [.endOfInput])
    }

    @Test("a character still being typed does not show; with the echo off nothing shows, and the line is still sent")
    func whatShows() {
        var line = TypedLine()
        let kana = Array("あ".utf8)
        _ = line.feed(kana[0])
        _ = line.feed(kana[1])
        #expect(line.shown == "")
        _ = line.feed(kana[2])
        #expect(line.shown == "あ")
        line.echo = false
        _ = feed("secret", into: &line)
        #expect(line.shown == "")
        #expect(line.feed(UInt8(ascii: "\n")) == .submitted("あsecret", echoed: false))
    }

    @Test("the echo of an edit moves back over what changed (kanji two columns each) and writes the rest")
    func echoOfAnEdit() {
        #expect(StandardTerminal.editing(from: "show", to: "show 2") == " 2")
        #expect(StandardTerminal.editing(from: "search 佐藤", to: "search ") == "\u{1B}[4D\u{1B}[K")
        #expect(StandardTerminal.editing(from: "abc", to: "abd") == "\u{1B}[1D\u{1B}[Kd")
        #expect(StandardTerminal.editing(from: "same", to: "same") == "")
    }
}
