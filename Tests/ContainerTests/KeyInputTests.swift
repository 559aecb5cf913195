@testable import StrataContainer
import Testing

/// The keys of a full-screen terminal: bytes decoded into keys (escape sequences never taken
/// for text, Esc alone told apart), the command line's editing, and its history.
@Suite("keys of a full-screen terminal: decoding, line editing, history")
struct KeyInputTests {
    private func keys(_ text: String) -> [TerminalKey] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test("arrows, PgUp/PgDn, Home/End and Delete decode in their CSI and SS3 forms; modifiers are ignored")
    func sequences() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD\u{1B}OH\u{1B}OF") == [.up, .down, .right, .left, .home, .end])
        #expect(keys("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[3~")
            == [.pageUp, .pageDown, .home, .end, .home, .end, .home, .end, .delete])
        #expect(keys("\u{1B}[1;5A") == [.up])
    }

    @Test("an unknown sequence is dropped whole: none of its bytes become text")
    func unknownSequences() {
        #expect(keys("a\u{1B}[200~b\u{1B}[15~c\u{1B}OPd") == [.character("a"), .character("b"), .character("c"), .character("d")])
    }

    @Test("Esc alone waits for what follows; nothing more makes it Esc; Esc Esc [A is Esc then Up")
    func loneEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
        // The rest of a sequence arriving in a later read completes it.
        #expect(decoder.feed([0x1B, UInt8(ascii: "[")]).isEmpty)
        #expect(decoder.feed([UInt8(ascii: "B")]) == [.down])
        #expect(keys("\u{1B}\u{1B}[A") == [.escape, .up])
        #expect(keys("\u{1B}x") == [.escape, .character("x")])
    }

    @Test("Enter is CR, LF or CR LF once; Backspace is DEL or BS; Tab; Ctrl-letters")
    func controlKeys() {
        #expect(keys("a\r\nb\nc\r") == [.character("a"), .enter, .character("b"), .enter, .character("c"), .enter])
        #expect(keys("\u{7F}\u{08}\t") == [.backspace, .backspace, .tab])
        #expect(keys("\u{01}\u{05}\u{15}\u{17}\u{0B}\u{04}\u{0C}")
            == [.control("a"), .control("e"), .control("u"), .control("w"), .control("k"), .control("d"), .control("l")])
    }

    @Test("UTF-8 split across reads is one character; invalid bytes are dropped")
    func utf8() {
        var decoder = KeyDecoder()
        let kana = Array("佐".utf8)
        #expect(decoder.feed(kana.prefix(2)).isEmpty)
        #expect(decoder.feed(kana.suffix(1)) == [.character("佐")])
        var invalid = KeyDecoder()
        #expect(invalid.feed([0xFF, 0x80, UInt8(ascii: "x")]) == [.character("x")])
        #expect(keys("é🙂") == [.character("é"), .character("🙂")])
    }

    @Test("the line editor moves and erases at the cursor as readline does")
    func lineEditor() {
        var line = LineEditor()
        for character in "show 2" { _ = line.edit(.character(character)) }
        #expect(line.text == "show 2" && line.cursor == 6)
        _ = line.edit(.left)
        _ = line.edit(.backspace)
        #expect(line.text == "show2" && line.cursor == 4)
        _ = line.edit(.character(" "))
        _ = line.edit(.home)
        _ = line.edit(.delete)
        #expect(line.text == "how 2" && line.cursor == 0)
        _ = line.edit(.control("e"))
        _ = line.edit(.control("w"))
        #expect(line.text == "how ")
        _ = line.edit(.control("a"))
        _ = line.edit(.right)
        _ = line.edit(.control("k"))
        #expect(line.text == "h" && line.cursor == 1)
        _ = line.edit(.character("i"))
        _ = line.edit(.left)
        _ = line.edit(.control("u"))
        #expect(line.text == "i" && line.cursor == 0)
        let upEdits = line.edit(.up)
        let enterEdits = line.edit(.enter)
        #expect(!upEdits && !enterEdits)
    }

    @Test("history: Up walks back from the newest, Down forward to the line being typed; blanks and repeats are not kept")
    func history() {
        var history = InputHistory()
        for line in ["add", "show 2", "show 2", "  ", "search sato"] { history.add(line) }
        #expect(history.entries == ["add", "show 2", "search sato"])
        #expect(history.older(than: "sh") == "search sato")
        #expect(history.older(than: "ignored") == "show 2")
        #expect(history.older(than: "ignored") == "add")
        #expect(history.older(than: "ignored") == nil)
        #expect(history.newer() == "show 2")
        #expect(history.newer() == "search sato")
        #expect(history.newer() == "sh")
        #expect(history.newer() == nil)
    }
}
