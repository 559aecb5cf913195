/// A case-insensitive "contains" search, as a `like` pattern the store can use and an exact
/// check of what it returns.
///
/// SQL `LIKE` folds ASCII letters only and reads `%` and `_` as wildcards, so the pattern
/// finds a superset: letters that change under case mapping outside ASCII become `_` (any one
/// character), and ``matches(_:)`` then keeps only real matches.
struct ContainsPattern {
    /// `%text%`, with non-ASCII cased letters replaced by `_`.
    let like: String
    private let needle: String

    /// A search for `text` (already trimmed, not empty).
    init(_ text: String) {
        needle = text.lowercased()
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(scalar.isASCII || !scalar.properties.changesWhenCaseMapped ? scalar : "_")
        }
        like = "%" + String(scalars) + "%"
    }

    /// Whether `text` contains the searched text, ignoring case.
    func matches(_ text: String) -> Bool {
        text.lowercased().contains(needle)
    }
}
