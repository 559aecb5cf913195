/// One membership as the admin commands show it.
public struct AdminMember: Sendable, Hashable, Codable {
    /// The group's name.
    public var group: String
    /// The member's account name.
    public var account: String
    /// The member's user id.
    public var userId: String
    /// The member's role in the group (`lead` or `member`).
    public var role: String

    /// A membership.
    public init(group: String, account: String, userId: String, role: String) {
        self.group = group
        self.account = account
        self.userId = userId
        self.role = role
    }
}
