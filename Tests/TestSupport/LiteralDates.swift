/// Literal `YYYY-MM-DD` dates in a text: docs and `--help` examples must carry none (they go stale).
public enum LiteralDates {
    /// Every `YYYY-MM-DD` in `text` that is not part of a longer run of digits.
    public static func find(in text: String) -> [String] {
        let bytes = Array(text.utf8)
        func isDigit(_ index: Int) -> Bool { index >= 0 && index < bytes.count && (48...57).contains(bytes[index]) }
        var found: [String] = []
        var index = 0
        while index + 10 <= bytes.count {
            let shape = (0..<10).allSatisfy { offset in offset == 4 || offset == 7 ? bytes[index + offset] == 45 : isDigit(index + offset) }
            if shape, !isDigit(index - 1), !isDigit(index + 10) {
                found.append(String(decoding: bytes[index..<index + 10], as: UTF8.self))
                index += 10
            } else {
                index += 1
            }
        }
        return found
    }
}
