import StrataCrossCutting

/// Lays a ``ScreenFrame`` out on a full-screen terminal of a given size: the rows to write top
/// to bottom (with their SGR attributes) and the line being typed, with the cursor in it.
///
/// - The status line comes first, in reverse video (in a warning colour when it warns).
/// - Hints and messages wrap at the width (an error message in red); table rows (a line with a line break, or columns
///   aligned by two spaces) and list rows are cut.
/// - A list keeps its header and footer and shows the rows from ``ScreenFrame/List/top``, the
///   selected one in reverse video, and `rows 3–9 of 40` under them when some are out of
///   view; a row's ``ScreenTone`` is its colour.
/// - A longer screen without a list scrolls: it shows first from just above a form's prompt
///   (a line starting `> `), else from its top with its last line kept at the bottom; rows out
///   of view are counted on a `↑`/`↓` line.
/// - The last row is left for the line being typed.
///
/// Colours only when `colours` (never with `NO_COLOR` set); reverse video always.
struct ScreenPainter: Sendable {
    /// The terminal's size (0: unknown, nothing is cut or scrolled in that dimension).
    let size: TerminalSize
    /// Whether colours are used (reverse video is used either way).
    let colours: Bool

    /// A frame laid out.
    struct Painted: Sendable, Hashable {
        /// The rows above the input line, attributes included.
        var rows: [String]
        /// The input line as shown (cut around the cursor to fit).
        var input: String
        /// How many columns the cursor is left of the end of ``input``.
        var cursorBack: Int
    }

    static let reverse = "\u{1B}[7m"
    static let reset = "\u{1B}[0m"

    /// The SGR parameter of a tone's colour.
    static func colour(of tone: ScreenTone) -> String {
        switch tone {
        case .overdue, .offline: "33"
        case .rejected, .error: "31"
        case .conflict: "35"
        case .pending: "36"
        }
    }

    /// The frame laid out.
    func paint(_ frame: ScreenFrame) -> Painted {
        var rows: [String] = []
        if let status = frame.status { rows.append(statusRow(status, tone: frame.statusTone)) }
        rows += frame.list.map { listRows($0, frame: frame) } ?? bodyRows(frame)
        let (input, back) = inputLine(frame.input)
        return Painted(rows: rows, input: input, cursorBack: back)
    }

    // MARK: Room

    /// Rows for the screen below the status line and above the input line (`Int.max`: unknown height).
    func bodyRoom(_ frame: ScreenFrame) -> Int {
        size.rows > 0 ? max(1, size.rows - (frame.status == nil ? 0 : 1) - 1) : Int.max
    }

    /// How many rows of the frame's list show at once (a page for PgUp/PgDn).
    func itemRoom(_ frame: ScreenFrame) -> Int {
        guard let list = frame.list else { return max(1, min(bodyRoom(frame), 1000) - 2) }
        return listParts(list, frame: frame).room
    }

    /// ``ScreenFrame/scroll`` kept within what the screen can scroll (0 when it fits).
    func clampedScroll(_ frame: ScreenFrame) -> Int {
        let parts = bodyParts(frame)
        guard parts.region.count > parts.room, parts.room >= 3 else { return 0 }
        let last = parts.region.count - (parts.room - 1)
        return min(max(frame.scroll, -parts.start), last - parts.start)
    }

    // MARK: Lines to rows

    /// The rows one line of text takes: a table (line breaks, or columns aligned by two spaces)
    /// cut row by row; anything else wrapped at the width.
    func rows(of line: String) -> [String] {
        let parts = line.split(separator: "\n", omittingEmptySubsequences: false).map { ScreenLine.expandingTabs(String($0)) }
        guard parts.count == 1, let only = parts.first else { return parts.map(cut) }
        let indent = only.prefix { $0 == " " }
        return only.dropFirst(indent.count).contains("  ") ? [cut(only)] : Self.wrap(only, to: size.columns)
    }

    /// The message's rows, in its tone's colour (when colours are on).
    private func messageRows(_ message: String, tone: ScreenTone?) -> [String] {
        guard colours, let tone else { return rows(of: message) }
        return rows(of: message).map { "\u{1B}[\(Self.colour(of: tone))m" + $0 + Self.reset }
    }

    private func cut(_ line: String) -> String {
        ScreenLine.cut(line, to: size.columns)
    }

    /// `line` broken at spaces into rows of at most `columns` display columns (a longer word
    /// broken where it must), its indentation repeated on each row.
    static func wrap(_ line: String, to columns: Int) -> [String] {
        guard columns > 0, ScreenLine.width(of: line) > columns else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        let room = max(1, columns - indent.count)
        var rows: [String] = []
        var current = ""
        var width = 0
        for word in line.dropFirst(indent.count).split(separator: " ") {
            let wordWidth = TerminalText.displayWidth(String(word))
            if !current.isEmpty, width + 1 + wordWidth <= room {
                current += " " + word
                width += 1 + wordWidth
                continue
            }
            if !current.isEmpty { rows.append(current) }
            current = ""
            width = 0
            for character in word {
                let characterWidth = TerminalText.displayWidth(String(character))
                if width + characterWidth > room, !current.isEmpty {
                    rows.append(current)
                    current = ""
                    width = 0
                }
                current.append(character)
                width += characterWidth
            }
        }
        if !current.isEmpty || rows.isEmpty { rows.append(current) }
        return rows.map { indent + $0 }
    }

    // MARK: Status

    private func statusRow(_ status: String, tone: ScreenTone?) -> String {
        let attributes = colours && tone != nil ? "\u{1B}[7;\(Self.colour(of: tone ?? .offline))m" : Self.reverse
        return attributes + ScreenLine.filled(ScreenLine.expandingTabs(status), to: size.columns) + Self.reset
    }

    // MARK: A screen without a list

    /// The scrolling part of a screen, the rows kept below it, where it starts, and the room.
    private func bodyParts(_ frame: ScreenFrame) -> (pinnedTop: [String], region: [String], pinned: [String], start: Int, room: Int) {
        var lines = frame.lines
        var pinnedTop: [String] = []
        if frame.message != nil, !lines.isEmpty { pinnedTop = messageRows(lines.removeFirst(), tone: frame.messageTone) }
        let all = lines.map(rows(of:))
        let body = all.flatMap { $0 }
        let room = bodyRoom(frame) == Int.max ? Int.max : max(1, bodyRoom(frame) - pinnedTop.count)
        guard body.count > room else { return (pinnedTop, body, [], 0, room) }
        if let prompt = body.lastIndex(where: { $0.hasPrefix("> ") }) {
            return (pinnedTop, body, [], max(0, prompt - 1), room)
        }
        // No prompt: the top, with the last line (what can be typed) kept at the bottom.
        let pinned = all.last ?? []
        let kept = pinned.count < room - 2 ? pinned : []
        return (pinnedTop, Array(body.dropLast(kept.count)), kept, 0, room - kept.count)
    }

    private func bodyRows(_ frame: ScreenFrame) -> [String] {
        let parts = bodyParts(frame)
        guard parts.region.count > parts.room else { return parts.pinnedTop + parts.region + parts.pinned }
        let region = parts.region
        let room = parts.room
        guard room >= 3 else { return parts.pinnedTop + Array(region.prefix(room)) }
        let start = min(max(0, parts.start + frame.scroll), region.count - (room - 1))
        var shown: [String] = []
        var visible = room
        if start > 0 {
            shown.append(Self.more(above: start))
            visible -= 1
        }
        let hasBelow = start + visible < region.count
        if hasBelow { visible -= 1 }
        shown += region[start..<(start + visible)]
        if hasBelow { shown.append(Self.more(below: region.count - start - visible)) }
        return parts.pinnedTop + shown + parts.pinned
    }

    /// `↑ N more lines · PgUp`.
    static func more(above count: Int) -> String {
        localized("↑ \(count) more line\(count == 1 ? "" : "s") · PgUp", ja: "↑ ほか \(count) 行 · PgUp")
    }

    /// `↓ N more lines · PgDn`.
    static func more(below count: Int) -> String {
        localized("↓ \(count) more line\(count == 1 ? "" : "s") · PgDn", ja: "↓ ほか \(count) 行 · PgDn")
    }

    // MARK: A list

    private func listParts(_ list: ScreenFrame.List, frame: ScreenFrame) -> (top: [String], bottom: [String], room: Int) {
        var top: [String] = []
        if frame.message != nil, let first = frame.lines.first { top += messageRows(first, tone: frame.messageTone) }
        if let filter = list.filter {
            top += rows(of: localized("Filter: \(filter) (Esc clears it)", ja: "絞り込み: \(filter)（Esc で解除）"))
        }
        top += list.header.flatMap(rows(of:))
        var bottom = list.footer.flatMap(rows(of:))
        let height = bodyRoom(frame)
        guard height != Int.max else { return (top, bottom, Int.max) }
        // At least a few rows of the list show: the footer gives way first (its last rows
        // stay: the words to type), then the header (its last rows stay: a table's header row).
        let wanted = min(max(list.items.count, 1), 3)
        while top.count + bottom.count + wanted > height, !bottom.isEmpty { bottom.removeFirst() }
        while top.count + bottom.count + wanted > height, !top.isEmpty { top.removeFirst() }
        let room = max(1, height - top.count - bottom.count)
        // Rows out of view: one row says which are shown (when there is room for it).
        return (top, bottom, list.items.count > room && room > 2 ? room - 1 : room)
    }

    /// `rows 3–9 of 40`.
    static func position(first: Int, last: Int, of count: Int) -> String {
        localized("rows \(first)–\(last) of \(count)", ja: "\(count) 行中 \(first)–\(last) 行目")
    }

    private func listRows(_ list: ScreenFrame.List, frame: ScreenFrame) -> [String] {
        let parts = listParts(list, frame: frame)
        let top = min(max(0, list.top), max(0, list.items.count - 1))
        let shown = list.items.indices.dropFirst(top).prefix(parts.room)
        var rows = shown.map { index in itemRow(list.items[index], selected: index == list.selected) }
        if list.items.count > shown.count, let first = shown.first, let last = shown.last {
            rows.append(cut(Self.position(first: first + 1, last: last + 1, of: list.items.count)))
        }
        return parts.top + rows + parts.bottom
    }

    private func itemRow(_ item: ScreenItem, selected: Bool) -> String {
        let text = cut(ScreenLine.expandingTabs(item.text))
        let colour = colours ? item.tone.map(Self.colour(of:)) : nil
        if selected {
            let attributes = colour.map { "\u{1B}[7;\($0)m" } ?? Self.reverse
            return attributes + ScreenLine.filled(text, to: size.columns) + Self.reset
        }
        return colour.map { "\u{1B}[\($0)m" + text + Self.reset } ?? text
    }

    // MARK: The input line

    /// The prompt and text in the width (less one column for the cursor), cut around the cursor.
    private func inputLine(_ input: ScreenFrame.Input?) -> (String, Int) {
        guard let input else { return ("", 0) }
        let characters = Array(input.text)
        let cursor = min(max(0, input.cursor), characters.count)
        var before = input.prompt + String(characters[..<cursor])
        var after = String(characters[cursor...])
        guard size.columns > 1 else { return (before + after, ScreenLine.width(of: after)) }
        let room = size.columns - 1
        if ScreenLine.width(of: before) > room - 1 {
            while ScreenLine.width(of: before) > room - 2, !before.isEmpty { before.removeFirst() }
            before = "…" + before
        }
        let left = room - ScreenLine.width(of: before)
        if ScreenLine.width(of: after) > left { after = ScreenLine.cut(after, to: left) }
        return (before + after, ScreenLine.width(of: after))
    }
}
