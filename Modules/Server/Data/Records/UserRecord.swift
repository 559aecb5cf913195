/// A user account; the password is stored only as a slow salted hash.
public struct UserRecord: Sendable, Hashable {
    /// The user's id.
    public var id: String
    /// The unique account name.
    public var account: String
    /// The password hash, `pbkdf2-sha256$<rounds>$<salt base64>$<hash base64>`.
    public var passwordHash: String
    /// Whether an administrator disabled the account (`admin user update --disable`): its
    /// logins are refused.
    public var disabled: Bool

    /// A user.
    public init(id: String, account: String, passwordHash: String, disabled: Bool = false) {
        self.id = id
        self.account = account
        self.passwordHash = passwordHash
        self.disabled = disabled
    }
}
