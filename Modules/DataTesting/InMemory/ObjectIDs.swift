/// Makes object ids: 16 random hex digits per store, then a 12-digit hex counter, so ids are
/// unique and sort in creation order, as the SQLite store's do.
struct ObjectIDs: Sendable {
    private let prefix = String(UInt64.random(in: .min ... .max), radix: 16).leftPadded(to: 16)
    private var counter: UInt64 = 0

    /// The next id.
    mutating func next() -> String {
        counter += 1
        return prefix + String(counter, radix: 16).leftPadded(to: 12)
    }
}

extension String {
    /// This text with `0`s in front up to `length` characters.
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
