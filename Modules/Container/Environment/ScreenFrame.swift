import StrataCrossCutting

/// What the container draws for the screen on top: its lines (a pending message first) and,
/// on a full-screen terminal, the status line, the list with its selection, and the line
/// being typed.
///
/// A plain terminal (a pipe, the in-memory terminal of tests) writes ``lines`` as they are; a
/// full-screen one paints the frame to its size: the status line first, then the lines (hints
/// and messages wrapped at the width, table rows cut), a ``list`` with its selected row in
/// reverse video and scrolled to keep it in view, a long screen scrolled (``scroll``) so a
/// form's prompt and choices show, and last the ``input`` with the cursor in it.
public struct ScreenFrame: Sendable, Hashable {
    /// The screen's lines, top to bottom (a line may hold line breaks: a rendered table).
    public var lines: [String]
    /// The status line (user, pending and rejected changes, the latest warning), or `nil`.
    public var status: String?
    /// What the status line's colour says (``ScreenTone/offline`` when it warns), or `nil`.
    public var statusTone: ScreenTone?
    /// The message shown above the screen (a refused value, an unknown command): when set, it
    /// is also ``lines``' first line. A full-screen terminal keeps it in view when it scrolls.
    public var message: String?
    /// What the message's colour says (``ScreenTone/error`` for an unknown command), or `nil`.
    public var messageTone: ScreenTone?
    /// The list of a ``ListScreen`` as a full-screen terminal draws it, or `nil`: ``lines`` only.
    public var list: List?
    /// The line being typed (the command line, a search), or `nil`: nothing is typed.
    public var input: Input?
    /// How many rows a long screen without a list is scrolled down (negative: up) from where
    /// it shows first (its top, or a form's prompt).
    public var scroll = 0

    /// A frame of `lines` with an optional status line.
    public init(lines: [String], status: String? = nil) {
        self.lines = lines
        self.status = status
    }

    /// A list screen's parts with the selection, as a full-screen terminal draws them.
    public struct List: Sendable, Hashable {
        /// Lines above the rows (the title, a table's header row).
        public var header: [String]
        /// The rows shown (the filtered ones while a filter applies).
        public var items: [ScreenItem]
        /// Lines below the rows (hints, the `Type: …` line).
        public var footer: [String]
        /// The index in ``items`` of the selected row, or `nil` (no rows).
        public var selected: Int?
        /// The index in ``items`` of the first row in view.
        public var top: Int
        /// The text the rows are filtered by (`/` on a list without a search command), or `nil`.
        public var filter: String?

        /// A list's parts.
        public init(
            header: [String], items: [ScreenItem], footer: [String], selected: Int?, top: Int = 0, filter: String? = nil
        ) {
            self.header = header
            self.items = items
            self.footer = footer
            self.selected = selected
            self.top = top
            self.filter = filter
        }
    }

    /// The line being typed, as shown.
    public struct Input: Sendable, Hashable {
        /// The text (already escaped for the terminal; empty on a screen that hides its input).
        public var text: String
        /// How many characters of ``text`` are before the cursor.
        public var cursor: Int
        /// What is shown before the text: `/` for a search, empty for the command line.
        public var prompt: String

        /// A typed line with the cursor at `cursor`.
        public init(text: String, cursor: Int, prompt: String = "") {
            self.text = text
            self.cursor = cursor
            self.prompt = prompt
        }
    }

    /// The rows of ``lines`` laid out as a simple screen of `size` (the status line, then the
    /// lines, each cut to the width with ``ScreenLine/cut(_:to:)``, tabs expanded first); the
    /// full-screen terminal paints more (wrapped hints, the list, scrolling, the input line).
    ///
    /// The last row of the terminal is left for what the person types. When the lines do not
    /// fit, the first ones and the last (the line saying what can be typed) are kept, with
    /// `… N more lines` between them. An unknown dimension (0) cuts nothing.
    public func fitted(to size: TerminalSize) -> [String] {
        let body = lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        var rows: [String] = []
        if let status { rows.append(status) }
        let room = size.rows > 0 ? max(1, size.rows - rows.count - 1) : Int.max
        if body.count <= room {
            rows += body
        } else {
            // Keep the footer (the "Type …" line) and the top of the screen.
            let footer = body.last.map { [$0] } ?? []
            let kept = max(0, room - footer.count - 1)
            let hidden = body.count - kept - footer.count
            rows += body.prefix(kept)
            if room > footer.count { rows.append(Self.moreLines(hidden)) }
            rows += footer
        }
        return rows.map { ScreenLine.cut(ScreenLine.expandingTabs($0), to: size.columns) }
    }

    /// `… N more lines`.
    static func moreLines(_ count: Int) -> String {
        count == 1
            ? localized("… 1 more line", ja: "… ほか 1 行")
            : localized("… \(count) more lines", ja: "… ほか \(count) 行")
    }
}
