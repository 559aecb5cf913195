#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Makes a change's operation id: a UUID in version 7's layout (RFC 9562) — 48 bits of Unix
/// milliseconds, then 74 bits — written like any UUID (`0190f5c4-…`).
///
/// ``make(at:)`` fills the 74 bits at random: ids made in different milliseconds sort by
/// time, ids made in the same millisecond in random order. The journal uses an
/// ``OperationIDGenerator`` instead, whose ids sort in the order they were made.
enum OperationID {
    /// A new id for a change made at `seconds` since 1970, random after the milliseconds.
    static func make(at seconds: Double) -> String {
        var generator = SystemRandomNumberGenerator()
        return make(at: seconds, using: &generator)
    }

    /// ``make(at:)`` with the random bits from `generator`.
    static func make<Generator: RandomNumberGenerator>(at seconds: Double, using generator: inout Generator) -> String {
        let random: UInt64 = generator.next()
        let more: UInt64 = generator.next()
        return format(milliseconds: milliseconds(seconds), randA: random & 0x0fff, randB: more)
    }

    /// `seconds` since 1970 as whole milliseconds in 48 bits.
    static func milliseconds(_ seconds: Double) -> UInt64 {
        UInt64(max(0, min(seconds * 1000, Double(UInt64(1) << 48 - 1))))
    }

    /// The id of `milliseconds` (48 bits), `randA` (its low 12 bits) and `randB` (its low 62
    /// bits), with version 7 and the RFC 9562 variant.
    static func format(milliseconds: UInt64, randA: UInt64, randB: UInt64) -> String {
        // time_high(32) time_low(16) | ver(4) rand_a(12) | var(2) rand_b(62)
        let high = (milliseconds & 0xffff_ffff_ffff) << 16 | 0x7000 | randA & 0x0fff
        let low = 0x8000_0000_0000_0000 | randB & 0x3fff_ffff_ffff_ffff
        return String(unsafeUninitializedCapacity: 36) { buffer in
            var index = 0
            for (value, from, to) in [(high, 0, 8), (high, 8, 12), (high, 12, 16), (low, 0, 4), (low, 4, 16)] {
                if index > 0 {
                    buffer[index] = UInt8(ascii: "-")
                    index += 1
                }
                for digit in from..<to {
                    let nibble = UInt8(truncatingIfNeeded: value >> (60 - 4 * UInt64(digit)) & 0xf)
                    buffer[index] = nibble < 10 ? 48 + nibble : 87 + nibble
                    index += 1
                }
            }
            return 36
        }
    }
}
