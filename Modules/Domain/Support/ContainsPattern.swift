/// A case-insensitive "contains" search over text the store has already decrypted.
///
/// Both sides are lower-cased with Swift's full Unicode case mapping, so `éLODIE` finds
/// `Élodie`; `%` and `_` are ordinary characters (there is no `like` pattern any more:
/// the store refuses `like` on an encrypted key such as `CaseReport.patientName`).
struct ContainsPattern {
    private let needle: String

    /// A search for `text` (already trimmed, not empty).
    init(_ text: String) {
        needle = text.lowercased()
    }

    /// Whether `text` contains the searched text, ignoring case.
    func matches(_ text: String) -> Bool {
        text.lowercased().contains(needle)
    }
}
