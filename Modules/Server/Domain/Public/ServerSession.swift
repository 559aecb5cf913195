public import Foundation
public import StrataWire

/// Who is calling: the user behind a valid bearer token, their groups and the app version.
public struct ServerSession: Sendable, Hashable {
    /// The SHA-256 of the token, hex.
    public var tokenHash: String
    /// The user's id.
    public var userId: String
    /// The app id.
    public var appId: String
    /// The app version.
    public var appVersion: String
    /// The user's groups and roles, primary group first.
    public var groups: [WireGroupRole]
    /// When the token expires.
    public var validUntil: Date

    /// A session.
    public init(tokenHash: String, userId: String, appId: String, appVersion: String, groups: [WireGroupRole], validUntil: Date) {
        self.tokenHash = tokenHash
        self.userId = userId
        self.appId = appId
        self.appVersion = appVersion
        self.groups = groups
        self.validUntil = validUntil
    }
}
