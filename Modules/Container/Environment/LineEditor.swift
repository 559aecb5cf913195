/// The command line of a full-screen terminal: the text typed and the cursor in it, edited as
/// readline does (Left/Right, Home/End, Ctrl-A/Ctrl-E move; Backspace, Delete, Ctrl-U, Ctrl-W,
/// Ctrl-K erase at the cursor).
struct LineEditor: Sendable, Hashable {
    /// The characters typed.
    private(set) var characters: [Character] = []
    /// Where the next character goes: 0 before the first, `characters.count` at the end.
    private(set) var cursor = 0

    /// The text typed.
    var text: String { String(characters) }
    /// Whether nothing is typed.
    var isEmpty: Bool { characters.isEmpty }

    /// Replaces the text, the cursor at its end.
    mutating func set(_ text: String) {
        characters = Array(text)
        cursor = characters.count
    }

    /// Takes the text and empties the line.
    mutating func take() -> String {
        defer { set("") }
        return text
    }

    /// Applies an editing key; `false` when `key` is not one (the caller acts on it).
    mutating func edit(_ key: TerminalKey) -> Bool {
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home, .control("a"): cursor = 0
        case .end, .control("e"): cursor = characters.count
        case .backspace:
            guard cursor > 0 else { return true }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete, .control("d"):
            if cursor < characters.count { characters.remove(at: cursor) }
        case .control("u"):
            characters.removeFirst(cursor)
            cursor = 0
        case .control("k"):
            characters.removeLast(characters.count - cursor)
        case .control("w"):
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        default:
            return false
        }
        return true
    }
}

/// The lines submitted on the command line, oldest first, for Up and Down (in memory only;
/// the container never adds a line typed on a screen that hides its input).
struct InputHistory: Sendable, Hashable {
    /// How many lines are kept.
    static let limit = 200
    /// The lines, oldest first.
    private(set) var entries: [String] = []
    /// The entry shown while walking (Up), or `nil`: the line being typed.
    private var position: Int?
    /// The line that was being typed when the walk began.
    private var draft = ""

    /// Keeps a submitted line (not an empty one, nor the same as the last) and ends the walk.
    mutating func add(_ line: String) {
        position = nil
        guard !line.allSatisfy(\.isWhitespace), entries.last != line else { return }
        entries.append(line)
        if entries.count > Self.limit { entries.removeFirst(entries.count - Self.limit) }
    }

    /// Up: the line before the one shown (`current` is kept to come back to), or `nil` at the oldest.
    mutating func older(than current: String) -> String? {
        guard !entries.isEmpty else { return nil }
        let next: Int
        if let position {
            guard position > 0 else { return nil }
            next = position - 1
        } else {
            draft = current
            next = entries.count - 1
        }
        position = next
        return entries[next]
    }

    /// Down: the line after the one shown, the line being typed after the newest, or `nil`
    /// when not walking.
    mutating func newer() -> String? {
        guard let position else { return nil }
        if position + 1 < entries.count {
            self.position = position + 1
            return entries[position + 1]
        }
        self.position = nil
        return draft
    }

    /// Ends the walk (the line was edited, cancelled or submitted).
    mutating func endWalk() {
        position = nil
    }
}
