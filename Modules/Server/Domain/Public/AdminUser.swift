public import StrataWire

/// A user as the admin commands show it (never the password hash).
public struct AdminUser: Sendable, Hashable, Codable {
    /// The user's id.
    public var id: String
    /// The account name.
    public var account: String
    /// The groups and roles, primary group first.
    public var groups: [WireGroupRole]
    /// Whether an administrator disabled the account (its logins are refused).
    public var disabled: Bool
    /// A user.
    public init(id: String, account: String, groups: [WireGroupRole], disabled: Bool = false) {
        self.id = id
        self.account = account
        self.groups = groups
        self.disabled = disabled
    }
}
