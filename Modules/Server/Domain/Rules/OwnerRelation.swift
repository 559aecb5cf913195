/// Whether the caller owns the object (created it, or is creating it).
public enum OwnerRelation: String, Sendable, Hashable, CaseIterable {
    /// The caller is the object's owner.
    case own
    /// Another user owns it.
    case others
}
