/// A seeded pseudo-random generator (SplitMix64, Steele, Lea and Flood 2014): the same seed
/// gives the same numbers on every machine and Swift version, so a randomized test's seed
/// replays its history exactly. Not for anything secret.
///
/// Its own ``below(_:)``, ``chance(_:)`` and ``pick(_:)`` are used instead of the standard
/// library's `random(in:using:)`, whose way of drawing from the generator may change.
public struct SplitMix64: Sendable {
    private var state: UInt64

    /// A generator that starts at `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` ≥ 1), by the high half of a 128-bit product (Lemire's
    /// method without its rejection step: the bias is below 2⁻³² for the small bounds tests use).
    public mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0, "SplitMix64.below needs a positive bound")
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// Whether an event of probability `percent` in 100 happens.
    public mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    /// One element of `elements` (not empty).
    public mutating func pick<Element>(_ elements: [Element]) -> Element { elements[below(elements.count)] }
}
