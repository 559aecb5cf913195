/// What happens when two devices write the same field of an object before either saw the
/// other's write, declared per type in its ``ValueObjectBehaviour`` and sent with every
/// change; the server enforces it (see `Docs/Sync.md`).
public enum ConflictPolicy: String, Sendable, Hashable, CaseIterable, Codable {
    /// The last write of each field in the server's order wins. The device whose write was
    /// replaced is told on its next sync and can keep its value (`SyncConflictStore`).
    case fieldMerge = "merge"
    /// A change is refused when a field it sets was changed by another user since the copy the
    /// edit was made on. The refused change keeps the server's current values beside it; the
    /// type's ``ConflictResolver`` (if any) settles it, else the user does.
    case failIfChanged = "fail-if-changed"
}
