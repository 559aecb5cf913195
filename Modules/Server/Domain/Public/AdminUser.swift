public import StrataWire

/// A user as the admin commands show it (never the password hash).
public struct AdminUser: Sendable, Hashable, Codable {
    /// The user's id.
    public var id: String
    /// The account name.
    public var account: String
    /// The groups and roles, primary group first.
    public var groups: [WireGroupRole]
    /// A user.
    public init(id: String, account: String, groups: [WireGroupRole]) {
        self.id = id
        self.account = account
        self.groups = groups
    }
}
