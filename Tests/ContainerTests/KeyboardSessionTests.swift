@testable import StrataContainer
import Testing

/// What each key does on a list and on a screen without one: the selection (kept by row id),
/// Enter, Esc, `/`, `?`, `q`, the command line that any other character opens, and history.
@Suite("the keys' modes: navigating a list, the command line, a search, the ? screen")
struct KeyboardSessionTests {
    static let layout = ScreenLayout(
        header: ["Case reports", "#  PATIENT"],
        items: (1...30).map { ScreenItem(id: "r\($0)", text: "\($0)  Patient \($0)", command: "show \($0)") },
        footer: ["Type: add · show N · back"], keys: [ScreenKey("add", "write a new report")],
        nextPageCommand: "next", previousPageCommand: "prev")

    private func session(on layout: ScreenLayout? = Self.layout) -> KeyboardSession {
        var session = KeyboardSession()
        session.show(screen: 1, layout: layout, contentChanged: true)
        session.page = 5
        return session
    }

    @Test("Up/Down and j/k move the selection within the rows; Enter sends the selected row's command")
    func moveAndOpen() {
        var keys = session()
        #expect(keys.press(.down, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.press(.character("j"), layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.press(.character("k"), layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.selection.id == "r2")
        #expect(keys.press(.up, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.press(.up, layout: Self.layout, hidesInput: false) == .none)
        #expect(keys.press(.end, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.press(.enter, layout: Self.layout, hidesInput: false) == .submit("show 30"))
        #expect(keys.history.entries.isEmpty, "a selected row's command is not typed history")
    }

    @Test("PgDn moves a page, and on the last row sends the next-page command; PgUp on the first the previous one")
    func pages() {
        var keys = session()
        #expect(keys.press(.pageDown, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.selection.index == 5)
        #expect(keys.press(.pageUp, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.press(.pageUp, layout: Self.layout, hidesInput: false) == .submit("prev"))
        _ = keys.press(.end, layout: Self.layout, hidesInput: false)
        #expect(keys.press(.pageDown, layout: Self.layout, hidesInput: false) == .submit("next"))
        var plain = session(on: ScreenLayout(items: Self.layout.items))
        _ = plain.press(.end, layout: ScreenLayout(items: Self.layout.items), hidesInput: false)
        #expect(plain.press(.pageDown, layout: ScreenLayout(items: Self.layout.items), hidesInput: false) == .none)
    }

    @Test("the selection stays on its row by id when the list changes, and at its place when the row is gone")
    func selectionKeptById() {
        var keys = session()
        _ = keys.press(.down, layout: Self.layout, hidesInput: false)
        _ = keys.press(.down, layout: Self.layout, hidesInput: false)
        var changed = Self.layout
        changed.items.insert(ScreenItem(id: "new", text: "0  New", command: "show new"), at: 0)
        keys.show(screen: 1, layout: changed, contentChanged: true)
        #expect(keys.selection.id == "r3" && keys.selection.index == 3)
        changed.items.removeAll { $0.id == "r3" }
        keys.resolve(changed)
        #expect(keys.selection.index == 3 && keys.selection.id == "r4")
        keys.keepVisible(room: 2, count: changed.items.count)
        #expect(keys.selection.top == 2)
        // Another screen, then back: each screen keeps its own selection.
        keys.show(screen: 2, layout: nil, contentChanged: true)
        keys.show(screen: 1, layout: changed, contentChanged: true)
        #expect(keys.selection.id == "r4")
    }

    @Test("Esc and Backspace send back; q quits; ? shows the keys, PgDn scrolls them and any other key closes them")
    func backQuitHelp() {
        var keys = session()
        #expect(keys.press(.escape, layout: Self.layout, hidesInput: false) == .submit("back"))
        #expect(keys.press(.backspace, layout: Self.layout, hidesInput: false) == .submit("back"))
        #expect(keys.press(.character("q"), layout: Self.layout, hidesInput: false) == .quit)
        #expect(keys.press(.character("?"), layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.mode == .help)
        #expect(keys.press(.pageDown, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.mode == .help && keys.scroll == 5, "PgDn scrolls the ? screen, it does not close it")
        #expect(keys.press(.character("x"), layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.mode == .navigation)
        let help = KeyboardSession.helpLines(Self.layout).joined(separator: "\n")
        for text in ["Enter", "open the selected row", "add", "write a new report", "Type: add · show N · back"] {
            #expect(help.contains(text), "\(text) missing from:\n\(help)")
        }
    }

    @Test("any other character opens the command line with it; Enter sends the line and keeps it in history; Esc cancels")
    func commandLine() {
        var keys = session()
        for character in "show 2" { _ = keys.press(.character(character), layout: Self.layout, hidesInput: false) }
        #expect(keys.mode == .command)
        #expect(keys.input(hidesInput: false) == ScreenFrame.Input(text: "show 2", cursor: 6))
        // j and k are text on the command line.
        _ = keys.press(.character("k"), layout: Self.layout, hidesInput: false)
        _ = keys.press(.backspace, layout: Self.layout, hidesInput: false)
        #expect(keys.press(.enter, layout: Self.layout, hidesInput: false) == .submit("show 2"))
        #expect(keys.mode == .navigation)
        _ = keys.press(.character(":"), layout: Self.layout, hidesInput: false)
        #expect(keys.mode == .command && keys.editor.isEmpty)
        #expect(keys.press(.up, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.editor.text == "show 2")
        #expect(keys.press(.escape, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.mode == .navigation && keys.editor.isEmpty)
        _ = keys.press(.character("a"), layout: Self.layout, hidesInput: false)
        _ = keys.press(.backspace, layout: Self.layout, hidesInput: false)
        #expect(keys.press(.backspace, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(keys.mode == .navigation)
    }

    @Test("/ sends the search command and the text, or filters the rows when the screen has none; Esc cancels or clears")
    func search() {
        var searching = Self.layout
        searching.searchCommand = "search"
        var keys = session(on: searching)
        _ = keys.press(.character("/"), layout: searching, hidesInput: false)
        #expect(keys.input(hidesInput: false)?.prompt == "/")
        for character in "sato" { _ = keys.press(.character(character), layout: searching, hidesInput: false) }
        #expect(keys.press(.enter, layout: searching, hidesInput: false) == .submit("search sato"))

        var filtering = session()
        _ = filtering.press(.character("/"), layout: Self.layout, hidesInput: false)
        for character in "patient 2" { _ = filtering.press(.character(character), layout: Self.layout, hidesInput: false) }
        #expect(filtering.press(.enter, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(filtering.visibleItems(Self.layout).map(\.id) == ["r2"] + (20...29).map { "r\($0)" })
        #expect(filtering.press(.escape, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(filtering.visibleItems(Self.layout).count == 30)
        _ = filtering.press(.character("/"), layout: Self.layout, hidesInput: false)
        _ = filtering.press(.character("x"), layout: Self.layout, hidesInput: false)
        #expect(filtering.press(.escape, layout: Self.layout, hidesInput: false) == .redraw)
        #expect(filtering.mode == .navigation && filtering.visibleItems(Self.layout).count == 30)
    }

    @Test("a screen without a list takes every character as text; Esc on an empty line sends back; PgDn scrolls")
    func screenWithoutAList() {
        var keys = session(on: nil)
        for character in "q?j/" { #expect(keys.press(.character(character), layout: nil, hidesInput: false) == .redraw) }
        #expect(keys.press(.escape, layout: nil, hidesInput: false) == .redraw)
        #expect(keys.editor.isEmpty)
        #expect(keys.press(.escape, layout: nil, hidesInput: false) == .submit("back"))
        #expect(keys.press(.pageDown, layout: nil, hidesInput: false) == .redraw)
        #expect(keys.scroll == 5)
        #expect(keys.press(.control("d"), layout: nil, hidesInput: false) == .endOfInput)
    }

    @Test("a hidden prompt (a password) shows nothing typed, never enters history, and Esc never sends the word back")
    func hiddenInput() {
        var keys = session(on: nil)
        for character in "secret" { _ = keys.press(.character(character), layout: nil, hidesInput: true) }
        #expect(keys.input(hidesInput: true) == ScreenFrame.Input(text: "", cursor: 0))
        #expect(keys.press(.enter, layout: nil, hidesInput: true) == .submit("secret"))
        #expect(keys.history.entries.isEmpty)
        #expect(keys.press(.up, layout: nil, hidesInput: true) == .none)
        #expect(keys.press(.escape, layout: nil, hidesInput: true) == .submit(""))
    }
}

/// Rows the selection skips: section titles and second table headers.
@Suite("the selection skips rows that are not selectable")
struct SectionRowTests {
    @Test("moving, Home/End and the first selection skip section rows; Enter never sends one")
    func skipsSections() {
        let layout = ScreenLayout(items: [
            .section(id: "s1", text: "Overdue"), ScreenItem(id: "a", text: "a", command: "show a"),
            .section(id: "s2", text: "Due today"), ScreenItem(id: "b", text: "b", command: "show b"),
            .section(id: "s3", text: "Done"),
        ])
        var keys = KeyboardSession()
        keys.show(screen: 1, layout: layout, contentChanged: true)
        #expect(keys.selection.id == "a")
        let down = keys.press(.down, layout: layout, hidesInput: false)
        #expect(down == .redraw && keys.selection.id == "b")
        let further = keys.press(.down, layout: layout, hidesInput: false)
        #expect(further == .none && keys.selection.id == "b")
        _ = keys.press(.home, layout: layout, hidesInput: false)
        #expect(keys.selection.id == "a")
        _ = keys.press(.end, layout: layout, hidesInput: false)
        #expect(keys.selection.id == "b")
        let enter = keys.press(.enter, layout: layout, hidesInput: false)
        #expect(enter == .submit("show b"))
        let sectionsOnly = ScreenLayout(items: [.section(id: "s", text: "Nothing due")])
        var empty = KeyboardSession()
        empty.show(screen: 1, layout: sectionsOnly, contentChanged: true)
        let nothing = empty.press(.enter, layout: sectionsOnly, hidesInput: false)
        #expect(nothing == .submit(""))
    }
}
