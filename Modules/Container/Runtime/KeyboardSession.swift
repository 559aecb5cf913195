import StrataCrossCutting

/// What the keys of a full-screen terminal do, screen by screen: the selection of each list
/// (kept by row id), the command line and its history, a search, the `?` screen, and how far a
/// long screen is scrolled. Owned by the runtime actor; pure, so it is tested key by key.
///
/// On a list (a ``ScreenLayout``) with nothing typed it is in navigation mode: Up/Down and
/// `j`/`k` move the selection, PgUp/PgDn a page (at the ends, the layout's page commands),
/// Home/End, Enter sends the selected row's command, Esc or Backspace `back` (or clears a
/// filter), `/` searches, `?` shows the keys (any key but the scrolling ones closes them), `q` quits, `:` or any other character opens the
/// command line. On the command line, and on every screen without a list, keys edit the line
/// (``LineEditor``), Up/Down walk the history, Enter sends the line and Esc cancels it (`back`
/// when nothing is typed on a screen without a list).
struct KeyboardSession: Sendable {
    /// Where the keys go.
    enum Mode: Sendable, Hashable {
        /// A list's keys move the selection.
        case navigation
        /// Keys edit the command line.
        case command
        /// Keys edit a search (`/`).
        case search
        /// The `?` screen shows; the arrows and PgUp/PgDn scroll it, any other key closes it.
        case help
    }

    /// What the runtime does after a key.
    enum Action: Sendable, Hashable {
        /// Nothing changed.
        case none
        /// Draw again what is shown (the selection, the typed line, the mode changed).
        case redraw
        /// Send this line to the screen on top, as if typed.
        case submit(String)
        /// Quit (`q`), as the word `quit` does.
        case quit
        /// Ctrl-D on an empty line: the end of input.
        case endOfInput
    }

    /// The selection of one list screen.
    struct Selection: Sendable, Hashable {
        /// The selected row's id.
        var id: String?
        /// The selected row's index among the rows shown.
        var index = 0
        /// The index of the first row in view.
        var top = 0
        /// The filter of a list without a search command.
        var filter: String?
    }

    private(set) var mode = Mode.navigation
    private(set) var editor = LineEditor()
    private(set) var history = InputHistory()
    /// How far a screen without a list is scrolled from where it shows first.
    var scroll = 0
    /// Rows a PgUp/PgDn moves (set at each draw from the terminal's size).
    var page = 10
    private var selections: [Int: Selection] = [:]
    private var screen: Int?

    /// The selection of the screen shown.
    var selection: Selection {
        get { screen.flatMap { selections[$0] } ?? Selection() }
        set { if let screen { selections[screen] = newValue } }
    }

    /// The screen `entry` (a navigation stack entry) is drawn, with `layout` when it is a list:
    /// a new screen starts in navigation mode (the command line if something is typed) at the
    /// top; new content scrolls back; the selection follows its row's id.
    mutating func show(screen entry: Int, layout: ScreenLayout?, contentChanged: Bool) {
        if entry != screen {
            screen = entry
            scroll = 0
            if mode != .command { editor.set("") }
            mode = editor.isEmpty ? .navigation : .command
        } else if contentChanged {
            scroll = 0
        }
        if let layout { resolve(layout) }
    }

    /// Forgets the selections of screens no longer on the stack.
    mutating func keep(screens: Set<Int>) {
        selections = selections.filter { screens.contains($0.key) }
    }

    /// The rows shown: the layout's, filtered by the selection's filter.
    func visibleItems(_ layout: ScreenLayout) -> [ScreenItem] {
        guard let filter = selection.filter?.lowercased(), !filter.isEmpty else { return layout.items }
        return layout.items.filter { $0.text.lowercased().contains(filter) }
    }

    /// The selection on its row again (found by id, else at the same place), within the rows.
    mutating func resolve(_ layout: ScreenLayout) {
        let items = visibleItems(layout)
        var current = selection
        if let id = current.id, let found = items.firstIndex(where: { $0.id == id && $0.isSelectable }) {
            current.index = found
        } else {
            let place = min(max(0, current.index), max(0, items.count - 1))
            current.index = Self.selectable(from: place, step: 1, in: items) ?? Self.selectable(from: place, step: -1, in: items) ?? 0
        }
        current.id = items.indices.contains(current.index) && items[current.index].isSelectable ? items[current.index].id : nil
        selection = current
    }

    /// Scrolls the list so the selected row is among the `room` rows in view.
    mutating func keepVisible(room: Int, count: Int) {
        var current = selection
        let room = max(1, room)
        if current.index < current.top { current.top = current.index }
        if current.index >= current.top + room { current.top = current.index - room + 1 }
        current.top = max(0, min(current.top, max(0, count - room)))
        selection = current
    }

    /// What `key` does on a screen with `layout` (`nil`: no list); `hidesInput` on a password prompt.
    mutating func press(_ key: TerminalKey, layout: ScreenLayout?, hidesInput: Bool) -> Action {
        if mode == .help {
            switch key {
            case .down, .character("j"): scroll += 1
            case .up, .character("k"): scroll -= 1
            case .pageDown: scroll += page
            case .pageUp: scroll -= page
            default:
                mode = editor.isEmpty ? .navigation : .command
                scroll = 0
            }
            return .redraw
        }
        guard let layout, !hidesInput else { return typing(key, hidesInput: hidesInput, onList: false) }
        switch mode {
        case .navigation: return navigating(key, layout)
        case .search: return searching(key, layout)
        case .command, .help: return typing(key, hidesInput: false, onList: true)
        }
    }

    private mutating func typing(_ key: TerminalKey, hidesInput: Bool, onList: Bool) -> Action {
        switch key {
        case .enter:
            let line = editor.take()
            if hidesInput { history.endWalk() } else { history.add(line) }
            if onList { mode = .navigation }
            return .submit(line)
        case .escape:
            history.endWalk()
            if onList {
                editor.set("")
                mode = .navigation
                return .redraw
            }
            // A hidden prompt never gets the word back as its value: an empty line cancels it.
            if editor.isEmpty { return .submit(hidesInput ? "" : "back") }
            editor.set("")
            return .redraw
        case .backspace where editor.isEmpty && onList:
            mode = .navigation
            return .redraw
        case .up:
            guard !hidesInput, let line = history.older(than: editor.text) else { return .none }
            editor.set(line)
            return .redraw
        case .down:
            guard !hidesInput, let line = history.newer() else { return .none }
            editor.set(line)
            return .redraw
        case .pageUp where !onList:
            scroll -= page
            return .redraw
        case .pageDown where !onList:
            scroll += page
            return .redraw
        case .control("d") where editor.isEmpty:
            return .endOfInput
        case .control("l"):
            return .redraw
        default:
            guard editor.edit(key) else { return .none }
            history.endWalk()
            return .redraw
        }
    }

    private mutating func navigating(_ key: TerminalKey, _ layout: ScreenLayout) -> Action {
        let items = visibleItems(layout)
        let index = selection.index
        let first = Self.selectable(from: 0, step: 1, in: items)
        let last = Self.selectable(from: items.count - 1, step: -1, in: items)
        switch key {
        case .up, .character("k"): return select(index - 1, step: -1, in: items)
        case .down, .character("j"): return select(index + 1, step: 1, in: items)
        case .pageUp:
            if index <= first ?? 0, let previous = layout.previousPageCommand {
                // The previous page shows with its last row selected.
                selection = Selection(id: nil, index: Int.max, top: 0, filter: nil)
                return .submit(previous)
            }
            return select(max(index - page, first ?? 0), step: -1, in: items)
        case .pageDown:
            if index >= last ?? 0, let next = layout.nextPageCommand {
                // The next page shows with its first row selected.
                selection = Selection()
                return .submit(next)
            }
            return select(min(index + page, last ?? 0), step: 1, in: items)
        case .home: return select(first ?? 0, step: 1, in: items)
        case .end: return select(last ?? 0, step: -1, in: items)
        case .enter:
            guard items.indices.contains(index), items[index].isSelectable else { return .submit("") }
            return .submit(items[index].command)
        case .escape, .backspace:
            guard selection.filter == nil else {
                selection.filter = nil
                resolve(layout)
                return .redraw
            }
            return .submit("back")
        case .character("/"):
            mode = .search
            editor.set("")
            return .redraw
        case .character("?"):
            mode = .help
            scroll = 0
            return .redraw
        case .character("q"):
            return .quit
        case .character(":"):
            mode = .command
            return .redraw
        case .character:
            mode = .command
            _ = editor.edit(key)
            return .redraw
        case .control("d"):
            return .endOfInput
        case .control("l"):
            return .redraw
        default:
            return .none
        }
    }

    private mutating func searching(_ key: TerminalKey, _ layout: ScreenLayout) -> Action {
        switch key {
        case .enter:
            let text = editor.take()
            mode = .navigation
            if let command = layout.searchCommand { return .submit(text.isEmpty ? command : "\(command) \(text)") }
            selection.filter = text.isEmpty ? nil : text
            resolve(layout)
            return .redraw
        case .escape:
            editor.set("")
            mode = .navigation
            return .redraw
        case .backspace where editor.isEmpty:
            mode = .navigation
            return .redraw
        case .up, .down:
            return .none
        default:
            return editor.edit(key) ? .redraw : .none
        }
    }

    /// The first row from `index` on (by `step`) the selection can rest on, or `nil`.
    static func selectable(from index: Int, step: Int, in items: [ScreenItem]) -> Int? {
        var place = index
        while items.indices.contains(place) {
            if items[place].isSelectable { return place }
            place += step
        }
        return nil
    }

    /// Moves the selection to `index` (kept within the rows), or on from there by `step` to a
    /// row it can rest on; it stays where it is when there is none.
    private mutating func select(_ index: Int, step: Int, in items: [ScreenItem]) -> Action {
        guard !items.isEmpty else { return .none }
        let clamped = min(max(0, index), items.count - 1)
        guard let target = Self.selectable(from: clamped, step: step, in: items) else { return .none }
        guard target != selection.index || selection.id != items[target].id else { return .none }
        selection.index = target
        selection.id = items[target].id
        return .redraw
    }

    /// The line being typed as a frame shows it, or `nil` in navigation mode with nothing typed.
    func input(hidesInput: Bool) -> ScreenFrame.Input? {
        guard mode == .command || mode == .search || !editor.isEmpty || hidesInput else { return nil }
        if hidesInput { return ScreenFrame.Input(text: "", cursor: 0) }
        let characters = editor.characters
        let before = TerminalText.escaped(String(characters[..<editor.cursor]))
        let text = before + TerminalText.escaped(String(characters[editor.cursor...]))
        return ScreenFrame.Input(text: text, cursor: before.count, prompt: mode == .search ? "/" : "")
    }

    /// The `?` screen of a list: the keys every list has, the layout's own, and the words the
    /// screen's `Type:` line names.
    static func helpLines(_ layout: ScreenLayout) -> [String] {
        var table = TextTable(headers: [localized("KEY", ja: "キー"), localized("WHAT IT DOES", ja: "内容")])
        table.rows = [
            ["↑ ↓  j k", localized("move the selection", ja: "選択を移動")],
            ["PgUp PgDn", localized("a page up or down", ja: "1 ページ上・下")],
            ["Home End", localized("the first or last row", ja: "最初・最後の行")],
            ["Enter", localized("open the selected row", ja: "選択した行を開く")],
            ["Esc  Backspace", localized("back", ja: "戻る")],
            ["/", localized(layout.searchCommand == nil ? "filter the rows" : "search", ja: layout.searchCommand == nil ? "行を絞り込む" : "検索")],
            [":", localized("type a command (or just start typing)", ja: "コマンドを入力（そのまま入力しても可）")],
            ["?", localized("these keys", ja: "このキー一覧")],
            ["q", localized("quit", ja: "終了")],
        ]
        table.rows += layout.keys.map { [$0.key, $0.action] }
        var lines = [localized("Keys of this screen", ja: "この画面のキー"), "", table.render(), ""]
        lines.append(
            localized(
                "Typing: ← → Home End move, Backspace Delete Ctrl-U Ctrl-W Ctrl-K erase, ↑ ↓ history, Enter sends, Esc cancels.",
                ja: "入力中: ← → Home End で移動、Backspace Delete Ctrl-U Ctrl-W Ctrl-K で削除、↑ ↓ で履歴、Enter で送信、Esc で取り消し。"))
        let typeLines = layout.footer.filter { $0.hasPrefix(ScreenCommand.typeLine("")) }
        lines += typeLines
        lines.append(localized("↑ ↓ PgUp PgDn scroll · any other key closes this screen.", ja: "↑ ↓ PgUp PgDn でスクロール · ほかのキーで閉じます。"))
        return lines
    }
}
