import StrataContainer
import StrataDomain

/// A listed record's AUTHOR and SYNC cells and the colour its row is drawn in, from its
/// ``RecordFacts`` (the domain's `facts(of:)` for the page).
enum RecordText {
    /// The author cell: the name, a short id or `—`; `?` when the facts could not be read.
    static func author(_ facts: RecordFacts?, known: Bool) -> String {
        guard known else { return "?" }
        return facts?.author ?? "—"
    }

    /// The sync cell (`synced`, `pending`, `rejected`, `conflict`, in the person's language);
    /// `?` when the facts could not be read.
    static func sync(_ facts: RecordFacts?, known: Bool) -> String {
        guard known else { return "?" }
        return (facts?.sync ?? .synced).label
    }

    /// The row's tone for its sync state: none for a synced one.
    static func tone(_ facts: RecordFacts?) -> ScreenTone? {
        switch facts?.sync {
        case .pending: .pending
        case .rejected: .rejected
        case .conflict: .conflict
        case .synced, nil: nil
        }
    }
}
