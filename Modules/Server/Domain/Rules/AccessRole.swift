/// What a caller is to an object's group, the first input of ``AccessRules/decide(_:_:scope:owner:)``.
public enum AccessRole: String, Sendable, Hashable, CaseIterable {
    /// A server administrator (a flag on the user, `admin administrator grant`), whatever their groups.
    case administrator
    /// A ``GroupRole/lead`` of the object's owner group.
    case lead
    /// A ``GroupRole/member`` of the object's owner group.
    case member
    /// Not in the object's owner group (or the object has none).
    case outsider
}
