public import StrataWire

/// Logs users in and out and turns bearer tokens into sessions.
public protocol AuthService: Sendable {
    /// Checks the app key and the password; returns a new token valid for the settings' lifetime.
    ///
    /// - Throws: ``ServerError`` `unauthorized` with one message for an unknown app, a wrong key,
    ///   an unknown account and a wrong password alike.
    func login(_ request: LoginRequest) throws -> LoginResponse

    /// The session of a bearer token.
    ///
    /// - Throws: ``ServerError`` `unauthorized` when the token is missing, unknown or expired.
    func authenticate(token: String?) throws -> ServerSession

    /// Ends the session (its token stops working at once).
    func logout(_ session: ServerSession) throws
}
