/// What `admin user update` and `admin user delete` did.
public struct AdminUserChange: Sendable, Hashable, Codable {
    /// The user as it is now (as it was, for a deleted one).
    public var user: AdminUser
    /// How many of the user's sessions were revoked (a new password, disabling and deleting
    /// revoke them all).
    public var sessionsRevoked: Int
    /// How many of the user's devices were removed (only deleting removes them).
    public var devicesRemoved: Int

    /// A change.
    public init(user: AdminUser, sessionsRevoked: Int, devicesRemoved: Int) {
        self.user = user
        self.sessionsRevoked = sessionsRevoked
        self.devicesRemoved = devicesRemoved
    }
}
