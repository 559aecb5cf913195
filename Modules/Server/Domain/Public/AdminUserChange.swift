/// What `admin user update` and `admin user delete` did.
public struct AdminUserChange: Sendable, Hashable, Codable {
    /// The user as it is now (as it was, for a deleted one).
    public var user: AdminUser
    /// How many of the user's sessions were revoked (a new password, disabling and deleting
    /// revoke them all).
    public var sessionsRevoked: Int
    /// How many of the user's devices were removed (only deleting removes them).
    public var devicesRemoved: Int
    /// How many of the user's web console sessions were removed (a new password, disabling and
    /// deleting remove them all), counted apart from the app sessions of ``sessionsRevoked``.
    public var consoleSessionsRemoved: Int

    /// A change.
    public init(user: AdminUser, sessionsRevoked: Int, devicesRemoved: Int, consoleSessionsRemoved: Int = 0) {
        self.user = user
        self.sessionsRevoked = sessionsRevoked
        self.devicesRemoved = devicesRemoved
        self.consoleSessionsRemoved = consoleSessionsRemoved
    }
}
