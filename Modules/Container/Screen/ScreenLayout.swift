/// A screen laid out for a key-driven terminal: lines above a list, the list's selectable
/// rows, lines below it, and what the `?` screen tells about this screen.
///
/// A plain terminal (a pipe, a test double) writes ``lines``: the header, each row's text, the
/// footer, exactly what ``TextScreen/render()`` of a ``ListScreen`` returns. A full-screen
/// terminal draws the same rows with one selected (the arrow keys, `j`/`k`, PgUp/PgDn,
/// Home/End move it; the list scrolls to keep it in view), sends the selected row's
/// ``ScreenItem/command`` to the screen on Enter, filters with `/` (or sends
/// ``searchCommand`` and the text), and lists ``keys`` on the `?` screen.
public struct ScreenLayout: Sendable, Hashable {
    /// Lines above the list: a notice, the title, a table's header row.
    public var header: [String]
    /// The rows a person can select, top to bottom.
    public var items: [ScreenItem]
    /// Lines below the list: hints, the `Type: …` line.
    public var footer: [String]
    /// What the `?` screen lists for this screen besides the keys every list has: one entry
    /// per typed word or key (`add` → "write a new report").
    public var keys: [ScreenKey]
    /// The typed word that searches this screen (`search`): `/` then sends `search TEXT`.
    /// `nil`: `/` filters the rows shown, in the terminal.
    public var searchCommand: String?
    /// The typed line that shows the next page (`next`): PgDn on the last row sends it.
    public var nextPageCommand: String?
    /// The typed line that shows the previous page (`prev`): PgUp on the first row sends it.
    public var previousPageCommand: String?

    /// A layout of these parts.
    public init(
        header: [String] = [], items: [ScreenItem] = [], footer: [String] = [], keys: [ScreenKey] = [],
        searchCommand: String? = nil, nextPageCommand: String? = nil, previousPageCommand: String? = nil
    ) {
        self.header = header
        self.items = items
        self.footer = footer
        self.keys = keys
        self.searchCommand = searchCommand
        self.nextPageCommand = nextPageCommand
        self.previousPageCommand = previousPageCommand
    }

    /// The lines a plain terminal writes: the header, each row's text, the footer.
    public var lines: [String] { header + items.map(\.text) + footer }
}

/// One selectable row of a ``ScreenLayout``.
public struct ScreenItem: Sendable, Hashable, Identifiable {
    /// What identifies the row across redraws (a report's id): the selection stays on it when
    /// the list is drawn again, resized or reordered.
    public var id: String
    /// The row as shown (one line; a table row).
    public var text: String
    /// The typed line Enter sends to the screen for this row (`show 2`).
    public var command: String
    /// What the row's colour says, or `nil` for none.
    public var tone: ScreenTone?
    /// Whether the selection can rest on the row: `false` for a line between rows (a section
    /// title, a second table's header), which the terminal draws but skips when moving and
    /// never sends on Enter.
    public var isSelectable: Bool

    /// A row.
    public init(id: String, text: String, command: String, tone: ScreenTone? = nil, isSelectable: Bool = true) {
        self.id = id
        self.text = text
        self.command = command
        self.tone = tone
        self.isSelectable = isSelectable
    }

    /// A line between rows that the selection skips (a section title, a table's header).
    public static func section(id: String, text: String) -> ScreenItem {
        ScreenItem(id: id, text: text, command: "", isSelectable: false)
    }
}

/// A meaning a full-screen terminal shows in colour (never with `NO_COLOR` set, nor on a
/// plain terminal, where the text alone must say it).
public enum ScreenTone: String, Sendable, Hashable, CaseIterable {
    /// Past its date (a follow-up not done in time).
    case overdue
    /// Refused by the server (a rejected change).
    case rejected
    /// Changed here and on the server (a conflict to resolve).
    case conflict
    /// The server cannot be reached.
    case offline
    /// Saved here, not yet sent.
    case pending
    /// Something failed (an error message).
    case error
}

/// One entry of the `?` screen: a key or typed word and what it does.
public struct ScreenKey: Sendable, Hashable {
    /// The key or word (`a`, `add`, `show N`).
    public var key: String
    /// What it does, in the person's language.
    public var action: String

    /// An entry.
    public init(_ key: String, _ action: String) {
        self.key = key
        self.action = action
    }
}

/// A screen whose body is a list a person selects from (the full-screen terminal draws the
/// selection; see ``ScreenLayout``). Its ``TextScreen/render()`` is its layout's lines.
public protocol ListScreen: TextScreen {
    /// The screen laid out: header, rows, footer and keys.
    func layout() async -> ScreenLayout
}

extension ListScreen {
    /// The layout's lines (``ScreenLayout/lines``).
    public func render() async -> [String] {
        await layout().lines
    }
}
