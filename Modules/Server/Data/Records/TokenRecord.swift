public import Foundation

/// A session: the SHA-256 of a bearer token, whose user and app it is for, and until when.
public struct TokenRecord: Sendable, Hashable {
    /// The SHA-256 of the token, hex (the token itself is never stored).
    public var tokenHash: String
    /// The user's id.
    public var userId: String
    /// The app id.
    public var appId: String
    /// The app version.
    public var appVersion: String
    /// When the session ends.
    public var validUntil: Date

    /// A session.
    public init(tokenHash: String, userId: String, appId: String, appVersion: String, validUntil: Date) {
        self.tokenHash = tokenHash
        self.userId = userId
        self.appId = appId
        self.appVersion = appVersion
        self.validUntil = validUntil
    }
}
