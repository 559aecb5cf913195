import StrataData

extension FieldValue {
    /// Compares two stored values the way SQLite does with the BINARY collation.
    ///
    /// Storage classes order null < numbers < text < blob; integers and reals compare
    /// numerically (exactly, as SQLite does); text compares by its UTF-8 bytes; blobs by their
    /// bytes. Returns a negative number, zero or a positive number.
    static func sqliteCompare(_ lhs: FieldValue, _ rhs: FieldValue) -> Int {
        switch (lhs, rhs) {
        case (.null, .null): return 0
        case (.integer(let left), .integer(let right)): return left < right ? -1 : (left == right ? 0 : 1)
        case (.real(let left), .real(let right)): return left < right ? -1 : (left == right ? 0 : 1)
        case (.integer(let left), .real(let right)): return compare(left, right)
        case (.real(let left), .integer(let right)): return -compare(right, left)
        case (.text(let left), .text(let right)): return compareBytes(left.utf8, right.utf8)
        case (.blob(let left), .blob(let right)): return compareBytes(left, right)
        default: return lhs.storageClassRank < rhs.storageClassRank ? -1 : 1
        }
    }

    /// Where this value's storage class sorts: null, then numbers, then text, then blobs.
    private var storageClassRank: Int {
        switch self {
        case .null: 0
        case .integer, .real: 1
        case .text: 2
        case .blob: 3
        }
    }

    /// Compares an integer with a double exactly (no rounding of large integers).
    private static func compare(_ integer: Int64, _ real: Double) -> Int {
        if real < -9_223_372_036_854_775_808.0 { return 1 }
        if real >= 9_223_372_036_854_775_808.0 { return -1 }
        let whole = real.rounded(.down)
        let wholeInteger = Int64(whole)
        if integer != wholeInteger { return integer < wholeInteger ? -1 : 1 }
        return whole < real ? -1 : 0
    }

    /// Compares byte sequences like `memcmp`, the shorter first when one is a prefix of the other.
    private static func compareBytes<Bytes: Sequence<UInt8>>(_ lhs: Bytes, _ rhs: Bytes) -> Int {
        var left = lhs.makeIterator()
        var right = rhs.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let leftByte?, let rightByte?) where leftByte != rightByte: return leftByte < rightByte ? -1 : 1
            default: continue
            }
        }
    }
}
