public import Foundation

/// A session (a bearer token) as the admin commands show it: never the token nor its hash.
public struct AdminSession: Sendable, Hashable, Codable {
    /// The session's id: the first 16 hex digits of its token's SHA-256, what
    /// `admin session revoke ID` takes.
    public var id: String
    /// The user's id.
    public var userId: String
    /// The user's account name (empty when the user no longer exists).
    public var account: String
    /// The app id the session was opened with.
    public var appId: String
    /// The app version.
    public var appVersion: String
    /// When the session expires.
    public var validUntil: Date

    /// A session.
    public init(id: String, userId: String, account: String, appId: String, appVersion: String, validUntil: Date) {
        self.id = id
        self.userId = userId
        self.account = account
        self.appId = appId
        self.appVersion = appVersion
        self.validUntil = validUntil
    }
}
