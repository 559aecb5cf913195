public import Foundation

/// A signed-in administrator's session of the web console.
public struct ConsoleSession: Sendable, Hashable {
    /// How long a console session lasts after sign-in: 8 hours, a working day.
    public static let lifetime: TimeInterval = 8 * 3600

    /// The administrator's user id.
    public var userId: String
    /// The administrator's account name.
    public var account: String
    /// The token every form of the session carries (its `csrf` field), checked on every POST.
    public var csrfToken: String
    /// When the session ends.
    public var validUntil: Date

    /// A console session.
    public init(userId: String, account: String, csrfToken: String, validUntil: Date) {
        self.userId = userId
        self.account = account
        self.csrfToken = csrfToken
        self.validUntil = validUntil
    }
}

/// What a console sign-in with the right password came to.
public enum ConsoleSignIn: Sendable, Hashable {
    /// The message of the ``ServerError`` `unauthorized` for an unknown account or a wrong
    /// password (one message for both).
    public static let badCredentials = "the account or password is wrong"

    /// Signed in: the session, and the secret its cookie carries (returned only here).
    case signedIn(ConsoleSession, secret: String)
    /// The password is right but the account is not an administrator (`admin administrator grant`).
    case notAdministrator(account: String)
}
