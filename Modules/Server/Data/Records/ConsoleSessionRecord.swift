public import Foundation

/// A session of the web console at `/admin`: the SHA-256 of its cookie's secret, whose it is,
/// the token its forms carry against cross-site requests, and until when it is valid.
public struct ConsoleSessionRecord: Sendable, Hashable {
    /// The SHA-256 of the session cookie's secret, hex (the secret itself is never stored).
    public var tokenHash: String
    /// The administrator's user id.
    public var userId: String
    /// The token every form of the session carries (its `csrf` field).
    public var csrfToken: String
    /// When the session ends.
    public var validUntil: Date
    /// The user's account name: read with the session, never stored with it (empty when saving).
    public var account: String

    /// A console session.
    public init(tokenHash: String, userId: String, csrfToken: String, validUntil: Date, account: String = "") {
        self.tokenHash = tokenHash
        self.userId = userId
        self.csrfToken = csrfToken
        self.validUntil = validUntil
        self.account = account
    }
}
