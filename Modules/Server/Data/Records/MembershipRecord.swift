/// A user's membership of a group, with their role in it.
public struct MembershipRecord: Sendable, Hashable {
    /// The user's id.
    public var userId: String
    /// The group's id.
    public var groupId: String
    /// The group's name (filled in when read).
    public var groupName: String
    /// The user's role in the group.
    public var role: String

    /// A membership.
    public init(userId: String, groupId: String, groupName: String, role: String) {
        self.userId = userId
        self.groupId = groupId
        self.groupName = groupName
        self.role = role
    }
}
