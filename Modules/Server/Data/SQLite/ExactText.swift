/// A text as a dictionary key compared byte for byte (its UTF-8), as both databases compare
/// ids: Swift's `String` `==` and hashing take canonically equivalent texts (`K` and U+212A
/// KELVIN SIGN, `\u{E9}` and `e\u{301}`) as one, which would let one id stand for another in a
/// look-up the database would answer for two. Every in-memory look-up of ids (a write's known
/// objects and operations, PostgreSQL's pending writes) keys on it.
struct ExactText: Hashable {
    let text: String

    init(_ text: String) { self.text = text }

    static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        let (left, right) = (lhs.text.utf8, rhs.text.utf8)
        guard left.count == right.count else { return false }
        // The bytes side by side (a push compares ids in every look-up of its batch's objects and
        // operations; the view's iterator compared them a byte at a time).
        let compared = left.withContiguousStorageIfAvailable { left in
            right.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
        }
        return (compared ?? nil) ?? left.elementsEqual(right)
    }

    func hash(into hasher: inout Hasher) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { for byte in text.utf8 { hasher.combine(byte) } }
        hasher.combine(text.utf8.count)  // ends the text: "ab" + "c" never hashes as "a" + "bc"
    }
}
