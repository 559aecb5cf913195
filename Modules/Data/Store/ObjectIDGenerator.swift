/// Makes object ids: 16 hex digits chosen at random when the store opens, then a 12-digit
/// hex counter. Unique across processes (64 random bits per open store), sortable by
/// creation order within one process, and cheap enough for bulk inserts (no allocation
/// but the string itself).
struct ObjectIDGenerator {
    private static let length = 28
    private let prefix: UInt64
    private var counter: UInt64 = 0

    init<Generator: RandomNumberGenerator>(using generator: inout Generator) {
        prefix = generator.next()
    }

    init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// The next id.
    mutating func next() -> String {
        counter += 1
        let (prefix, counter) = (prefix, counter)
        return String(unsafeUninitializedCapacity: Self.length) { buffer in
            Self.writeHex(prefix, digits: 16, into: buffer, at: 0)
            Self.writeHex(counter, digits: 12, into: buffer, at: 16)
            return Self.length
        }
    }

    private static func writeHex(_ value: UInt64, digits: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        for index in stride(from: start + digits - 1, through: start, by: -1) {
            let nibble = UInt8(truncatingIfNeeded: rest & 0xf)
            buffer[index] = nibble < 10 ? 48 + nibble : 87 + nibble
            rest >>= 4
        }
    }
}
