/// The name of a file in the inbox, as the raw bytes its folder holds.
///
/// A Linux file name is any bytes but `/` and NUL: it need not be UTF-8 and may hold line
/// breaks. The inbox reads, moves and quarantines files by these bytes, so a name that is
/// not text is processed like any other; ``escaped`` is how a name is shown (logs, reasons).
public struct InboxFileName: Sendable, Hashable, Comparable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The longest file name Linux file systems hold, in bytes.
    public static let maximumLength = 255

    /// The name's bytes (no `/`, no NUL when read from a folder).
    public let bytes: [UInt8]

    /// A name made of these bytes.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The UTF-8 bytes of `text`.
    public init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The UTF-8 bytes of a literal (tests, tools).
    public init(stringLiteral text: String) {
        self.init(text)
    }

    /// The name as text when its bytes are valid UTF-8, else `nil`.
    public var text: String? {
        String(validating: bytes, as: UTF8.self)
    }

    /// The name on one printable line: valid UTF-8 is kept as it is, except `\` (shown as
    /// `\\`) and control characters (`\n`, `\r`, `\t`, else `\xNN` per byte); bytes that are
    /// not UTF-8 are shown as `\xNN`. Different names always show differently.
    public var escaped: String {
        var shown = ""
        var index = 0
        while index < bytes.count {
            let length = Self.scalarLength(bytes, at: index)
            guard length > 0, let scalar = String(validating: bytes[index..<index + length], as: UTF8.self)?.unicodeScalars.first
            else {
                shown += Self.hex(bytes[index])
                index += 1
                continue
            }
            switch scalar {
            case "\\": shown += "\\\\"
            case "\n": shown += "\\n"
            case "\r": shown += "\\r"
            case "\t": shown += "\\t"
            default:
                if scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
                    || scalar == "\u{2028}" || scalar == "\u{2029}"
                {
                    shown += bytes[index..<index + length].map(Self.hex).joined()
                } else {
                    shown.unicodeScalars.append(scalar)
                }
            }
            index += length
        }
        return shown
    }

    /// ``escaped``.
    public var description: String { escaped }

    /// Whether the name starts with a dot (such files are never read: a sender's own business).
    public var isHidden: Bool { bytes.first == UInt8(ascii: ".") }

    /// Whether the name may name a file inside one folder: not empty, no `/`, no NUL, not `.` or `..`.
    var isPlainFileName: Bool {
        !bytes.isEmpty && !bytes.contains(UInt8(ascii: "/")) && !bytes.contains(0) && bytes != [46] && bytes != [46, 46]
    }

    /// Whether the name can be kept as it is in `bad/`: printable (it shows as itself) and
    /// short enough to take a `.<n>` and the reason suffix within ``maximumLength``.
    var isKeptInQuarantine: Bool {
        isPlainFileName && bytes.count <= Self.maximumLength - 48 && text != nil && escaped == text
    }

    /// This name followed by `suffix`.
    func appending(_ suffix: String) -> InboxFileName {
        InboxFileName(bytes: bytes + Array(suffix.utf8))
    }

    /// Byte order: the order in which `new/` is processed (oldest name first for names that sort by time).
    public static func < (left: InboxFileName, right: InboxFileName) -> Bool {
        left.bytes.lexicographicallyPrecedes(right.bytes)
    }

    /// The length of the UTF-8 sequence a lead byte announces (0 for a byte that cannot lead one).
    private static func scalarLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return 0
        }
        return index + length <= bytes.count ? length : 0
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return "\\x\(digits[Int(byte >> 4)])\(digits[Int(byte & 0xF)])"
    }
}
