/// Makes object ids: 16 hex digits chosen at random when the store opens, then a 12-digit
/// hex counter. Unique across processes (64 random bits per open store), sortable by
/// creation order within one process, and cheap enough for bulk inserts.
struct ObjectIDGenerator {
    private let prefix: [UInt8]
    private var counter: UInt64 = 0

    init<Generator: RandomNumberGenerator>(using generator: inout Generator) {
        prefix = Self.hex(generator.next(), digits: 16)
    }

    init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// The next id.
    mutating func next() -> String {
        counter += 1
        let digits = Self.hex(counter, digits: 12)
        return String(unsafeUninitializedCapacity: 28) { buffer in
            _ = buffer.initialize(fromContentsOf: prefix)
            _ = buffer[16...].initialize(fromContentsOf: digits)
            return 28
        }
    }

    private static func hex(_ value: UInt64, digits: Int) -> [UInt8] {
        let alphabet: [UInt8] = Array("0123456789abcdef".utf8)
        var result = [UInt8](repeating: 48, count: digits)
        var rest = value
        for index in stride(from: digits - 1, through: 0, by: -1) {
            result[index] = alphabet[Int(rest & 0xf)]
            rest >>= 4
        }
        return result
    }
}
