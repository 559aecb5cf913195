/// Turns the bytes a terminal sends into ``TerminalKey``s: printable UTF-8, control
/// characters, and the escape sequences of the arrow, page, Home, End and Delete keys in their
/// CSI (`ESC [ A`) and SS3 (`ESC O A`) forms. Sequences it does not know are dropped whole:
/// their bytes are never taken for typed text.
///
/// An `ESC` with nothing after it may be Esc pressed alone or the start of a sequence whose
/// rest has not arrived: ``isWaiting`` is then true, and the reader calls ``flush()`` when
/// nothing more came within a short wait, which makes it Esc.
struct KeyDecoder: Sendable {
    private var pending: [UInt8] = []
    private var afterCarriageReturn = false

    /// Whether an `ESC` (or the start of a sequence) waits for more bytes.
    var isWaiting: Bool { pending.first == 0x1B }

    /// The keys these bytes complete, in order; an unfinished sequence or character waits.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [TerminalKey] {
        pending.append(contentsOf: bytes)
        var keys: [TerminalKey] = []
        while !pending.isEmpty {
            guard let (key, used) = decode(pending[...]) else { break }
            pending.removeFirst(used)
            if let key { keys.append(key) }
        }
        return keys
    }

    /// Nothing more came after ``feed(_:)``: a lone `ESC` is Esc; an unfinished sequence is dropped.
    mutating func flush() -> [TerminalKey] {
        guard isWaiting else { return [] }
        defer { pending = [] }
        return pending.count == 1 ? [.escape] : []
    }

    /// The key at the start of `bytes` and how many bytes it took (`nil` key: bytes dropped),
    /// or `nil` when more bytes are needed.
    private mutating func decode(_ bytes: ArraySlice<UInt8>) -> (TerminalKey?, Int)? {
        let first = bytes[bytes.startIndex]
        let carriageReturnBefore = afterCarriageReturn
        afterCarriageReturn = false
        switch first {
        case 0x1B:
            return escape(bytes)
        case 0x0D:
            afterCarriageReturn = true
            return (.enter, 1)
        case 0x0A:
            return (carriageReturnBefore ? nil : .enter, 1)
        case 0x7F, 0x08:
            return (.backspace, 1)
        case 0x09:
            return (.tab, 1)
        case 0x01...0x1A:
            return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
        case ..<0x20:
            return (nil, 1)
        default:
            return character(bytes)
        }
    }

    /// One UTF-8 character; a stray or invalid byte is dropped.
    private func character(_ bytes: ArraySlice<UInt8>) -> (TerminalKey?, Int)? {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case ..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (nil, 1)
        }
        guard bytes.count >= length else { return nil }
        let sequence = bytes.prefix(length)
        guard sequence.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }) else { return (nil, 1) }
        var decoder = UTF8()
        var iterator = sequence.makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return (nil, length) }
        return (.character(Character(scalar)), length)
    }

    /// An escape sequence, or Esc followed by another key (Esc Esc, Esc then a letter).
    private func escape(_ bytes: ArraySlice<UInt8>) -> (TerminalKey?, Int)? {
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        let introducer = bytes[start + 1]
        switch introducer {
        case UInt8(ascii: "["):
            // Parameters and intermediates (0x20–0x3F), then one final byte (0x40–0x7E).
            var index = start + 2
            while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
            guard index < bytes.endIndex else { return bytes.count > 32 ? (nil, bytes.count) : nil }
            let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
            return (Self.csi(parameters: parameters, final: bytes[index]), index - start + 1)
        case UInt8(ascii: "O"):
            guard bytes.count >= 3 else { return nil }
            return (Self.csi(parameters: "", final: bytes[start + 2]), 3)
        default:
            // Esc pressed alone, then another key in the same read.
            return (.escape, 1)
        }
    }

    /// The key a CSI or SS3 sequence stands for (modifiers ignored), or `nil`.
    private static func csi(parameters: String, final: UInt8) -> TerminalKey? {
        switch final {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            switch parameters.split(separator: ";").first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            case "5": return .pageUp
            case "6": return .pageDown
            default: return nil
            }
        default: return nil
        }
    }
}
