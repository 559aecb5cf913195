public import StrataWire

/// Logs users in and out and turns bearer tokens into sessions; every storage access is async.
public protocol AuthService: Sendable {
    /// Checks the app key and the password (its PBKDF2 verification on `hashing`, also for an
    /// unknown account, which costs the same time); returns a new token valid for the settings'
    /// lifetime.
    ///
    /// - Throws: ``ServerError`` `unauthorized` with one message for an unknown app, a wrong key,
    ///   an unknown account and a wrong password alike; whatever `hashing` throws (a full pool).
    func login(_ request: LoginRequest, hashing: any PasswordHashing) async throws -> LoginResponse

    /// The session of a bearer token.
    ///
    /// - Throws: ``ServerError`` `unauthorized` when the token is missing, unknown or expired.
    func authenticate(token: String?) async throws -> ServerSession

    /// Ends the session (its token stops working at once).
    func logout(_ session: ServerSession) async throws
}
