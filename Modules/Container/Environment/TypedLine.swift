import StrataCrossCutting

/// The line being typed on a full-screen terminal, which reads keys one at a time: the
/// terminal's own line editing and echo are off there, so every redraw can show again what was
/// typed so far (a screen redrawn while someone types keeps their text, and Enter sends it whole).
///
/// It edits as the terminal's line discipline does: Backspace (DEL or BS) erases the last
/// character, Ctrl-U the line, Ctrl-W the last word; Enter (LF, or CR) ends the line; Ctrl-D on
/// an empty line ends the input. Other control characters and escape sequences (arrow keys)
/// are dropped.
struct TypedLine: Sendable {
    /// What one byte did.
    enum Event: Sendable, Equatable {
        /// Nothing that shows.
        case none
        /// The text typed so far changed.
        case changed
        /// Enter: the line typed, and whether it was shown as it was typed.
        case submitted(String, echoed: Bool)
        /// Ctrl-D on an empty line: the end of input.
        case endOfInput
    }

    private enum Escape: Sendable {
        case none, started, sequence
    }

    /// Whether typed characters show (off on a screen that hides its input: a password).
    var echo = true
    private var bytes: [UInt8] = []
    private var escape = Escape.none
    private var afterCarriageReturn = false

    /// What shows of the line typed so far: nothing while the echo is off; else the text
    /// without a character still being typed (an unfinished UTF-8 sequence), escaped.
    var shown: String {
        guard echo else { return "" }
        return TerminalText.escaped(String(decoding: bytes[..<completeCount], as: UTF8.self))
    }

    /// Takes what was typed and never ended with Enter (at the end of input).
    mutating func takeRest() -> String? {
        defer { bytes = [] }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }

    /// Reads one byte of input.
    mutating func feed(_ byte: UInt8) -> Event {
        let carriageReturnBefore = afterCarriageReturn
        afterCarriageReturn = false
        switch escape {
        case .started:
            escape = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") ? .sequence : .none
            return .none
        case .sequence:
            if (0x40...0x7E).contains(byte) { escape = .none }
            return .none
        case .none:
            break
        }
        switch byte {
        case 0x1B:
            escape = .started
            return .none
        case UInt8(ascii: "\r"):
            afterCarriageReturn = true
            return submit()
        case UInt8(ascii: "\n"):
            return carriageReturnBefore ? .none : submit()
        case 0x7F, 0x08:
            guard !bytes.isEmpty else { return .none }
            removeLastCharacter()
            return .changed
        case 0x15:
            guard !bytes.isEmpty else { return .none }
            bytes = []
            return .changed
        case 0x17:
            guard !bytes.isEmpty else { return .none }
            while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
            while let last = bytes.last, last != UInt8(ascii: " ") { bytes.removeLast() }
            return .changed
        case 0x04:
            return bytes.isEmpty ? .endOfInput : .none
        case ..<0x20:
            return .none
        default:
            bytes.append(byte)
            return .changed
        }
    }

    private mutating func submit() -> Event {
        defer { bytes = [] }
        return .submitted(String(decoding: bytes, as: UTF8.self), echoed: echo)
    }

    /// Removes the last UTF-8 sequence (its continuation bytes, then its lead byte).
    private mutating func removeLastCharacter() {
        while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
        if !bytes.isEmpty { bytes.removeLast() }
    }

    /// How many bytes form whole characters: an unfinished last sequence is left out.
    private var completeCount: Int {
        var lead = bytes.count
        while lead > 0, bytes[lead - 1] & 0xC0 == 0x80 { lead -= 1 }
        guard lead > 0 else { return bytes.count }
        let first = bytes[lead - 1]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        return bytes.count - (lead - 1) < length ? lead - 1 : bytes.count
    }
}
