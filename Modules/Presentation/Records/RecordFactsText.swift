public import StrataDomain

/// A listed record's AUTHOR and SYNC cells from its ``RecordFacts`` (the domain's
/// `facts(of:)` for the page), as the Reports and FollowUps lists show them.
public enum RecordFactsText {
    /// The author cell: the name, a short id or `—`; `?` when the page's facts could not be
    /// read (`known` false).
    public static func author(_ facts: RecordFacts?, known: Bool) -> String {
        guard known else { return "?" }
        return facts?.author ?? "—"
    }

    /// The sync cell (`synced`, `pending`, `rejected`, `conflict`, in the person's language);
    /// `?` when the page's facts could not be read (`known` false).
    public static func sync(_ facts: RecordFacts?, known: Bool) -> String {
        guard known else { return "?" }
        return (facts?.sync ?? .synced).label
    }
}
