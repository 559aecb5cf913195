/// A sync's removal of the objects its user no longer sees (removed from a group, the group
/// deleted on the server): found by a changed ``StrataWire/PullResponse/visibility``.
public struct Revocation: Sendable, Hashable {
    /// Local objects removed (others' objects the re-pull did not return).
    public var removed: Int
    /// Unsent changes of them moved to the rejected list.
    public var rejected: Int

    /// A revocation with its counts.
    public init(removed: Int, rejected: Int) {
        self.removed = removed
        self.rejected = rejected
    }

    /// The one line a sync prints about it.
    public var line: String {
        "this account no longer sees some objects (its groups changed on the server): removed \(removed) object\(removed == 1 ? "" : "s")"
            + (rejected > 0 ? "; \(rejected) unsent change\(rejected == 1 ? "" : "s") of them moved to the rejected list" : "")
    }
}
