/// Signs administrators in and out of the web console at `/admin` and turns a session cookie's
/// secret into the session; the sessions live in the control database, so every server
/// instance on one database honours them.
public protocol ConsoleAuthService: Sendable {
    /// Checks `account`'s password (its PBKDF2 verification on `hashing`, also for an unknown
    /// account, which costs the same time) and, for an administrator, starts a session valid
    /// for ``ConsoleSession/lifetime``.
    ///
    /// - Returns: ``ConsoleSignIn/signedIn(_:secret:)`` with the cookie's secret (returned only
    ///   here), or ``ConsoleSignIn/notAdministrator(account:)`` when the password is right but
    ///   the account is not an administrator.
    /// - Throws: ``ServerError`` `unauthorized` with one message for an unknown account and a
    ///   wrong password alike, and naming a disabled account to whom knows its password.
    func signIn(account: String, password: String, hashing: any PasswordHashing) async throws -> ConsoleSignIn

    /// The session whose cookie carries `secret`, or `nil` when there is none, it expired, or
    /// its user is no longer an enabled administrator.
    func session(secret: String) async throws -> ConsoleSession?

    /// Ends the session whose cookie carries `secret` (nothing when there is none).
    func signOut(secret: String) async throws
}
