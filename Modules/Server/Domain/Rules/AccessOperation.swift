/// What a change does to an object.
public enum AccessOperation: String, Sendable, Hashable, CaseIterable {
    /// Insert a new object (the caller becomes its owner).
    case create
    /// Change an existing object's values, keeping its scope.
    case edit
    /// Give an existing object another scope.
    case changeScope
    /// Delete an object (`delete`, and each object a `deleteAll` would delete).
    case delete
    /// Post (create or edit) an announcement, the server-only type a lead writes for a group.
    case postAnnouncement
}
