/// Removing what a user no longer sees (a revocation: removed from a group, the group
/// deleted): the live ``SyncStateStore`` conforms.
public protocol SyncStatePruning: SyncStateStore {
    /// After a re-pull from the start that followed a change of what the user may see: deletes,
    /// in one write transaction and without journal entries, every local row of `typeName`
    /// that another user than `ownerUser` owns and whose id is not in `present` (the ids the
    /// re-pull returned), with the rows that depend on it (`ValueObjectDependency`). A change
    /// of such a row still in the journal is not sent: it moves to the rejected list with a
    /// reason naming the object (it stays there, never silently lost).
    ///
    /// - Throws: as ``applyPulled(_:typeName:)``.
    func prune(_ typeName: String, present: Set<String>, ownerUser: String) async throws -> PruneOutcome
}

/// What ``SyncStatePruning/prune(_:present:ownerUser:)`` removed.
public struct PruneOutcome: Sendable, Hashable {
    /// Rows removed (not counting their dependent rows).
    public var removed: Int
    /// Unsent changes of them moved to the rejected list.
    public var rejected: Int

    /// An outcome with its counts.
    public init(removed: Int = 0, rejected: Int = 0) {
        self.removed = removed
        self.rejected = rejected
    }
}
