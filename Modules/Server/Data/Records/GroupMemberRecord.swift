/// One member of a group, as ``MembershipStore/members(groupId:)`` lists them.
public struct GroupMemberRecord: Sendable, Hashable {
    /// The user's id.
    public var userId: String
    /// The user's account name.
    public var account: String
    /// The user's role in the group.
    public var role: String

    /// A member.
    public init(userId: String, account: String, role: String) {
        self.userId = userId
        self.account = account
        self.role = role
    }
}
