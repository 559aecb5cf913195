#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The signed-in user's auth info, stored encrypted and owner-only in the container
/// directory (the seed's `APAuthInfo`).
///
/// Every operation is `async`: the live store reads and writes its file on the database's
/// queue, never on a cooperative thread.
///
/// - Important: logging out (``clear()``) removes only the session. Changes still waiting in
///   the `ChangeJournal` stay there, marked with the user and group that made them, and are
///   sent when that user signs in again; use `ChangeJournal/discard(operationID:)` to drop
///   them. Logging out with server sync (telling the server first) is the sync engine's job.
public protocol SessionStore: Sendable {
    /// The current session, or `nil` when nobody is signed in. A session that looks expired
    /// on this device's clock (``AuthInfo/isValid(at:)``) is still returned, so its token is
    /// still sent: only the server's 401 or a logout (``clear()``) ends a session, so a clock
    /// set wrong or set right after the login never ends one the server still honours.
    func current() async throws -> AuthInfo?
    /// Stores a session (after a login).
    func save(_ info: AuthInfo) async throws
    /// Removes the session (logout). Harmless when there is none.
    func clear() async throws
}

/// Who is signed in, their groups and roles, and the token that proves it.
public struct AuthInfo: Sendable, Hashable, Codable {
    /// The user's id on the server.
    public var userID: String
    /// The account name the user signed in with.
    public var account: String
    /// The groups the user belongs to, each with the user's role in it.
    public var groups: [GroupRole]
    /// The bearer token for the server.
    public var token: String
    /// When the token stops being valid, by the server's clock (as the server said it).
    public var validUntil: Date
    /// When the token stops being valid by this device's clock: the login's local time plus the
    /// lifetime the server gave the token (its `validUntil` less its clock): what `account
    /// status` shows as the session's end. It never ends the session on this device (the
    /// server's 401 does). `nil` (a session stored before, or one whose server sent no clock)
    /// uses ``validUntil``.
    public var localExpiry: Date?

    /// Auth info with every field given.
    public init(
        userID: String, account: String, groups: [GroupRole], token: String, validUntil: Date, localExpiry: Date? = nil
    ) {
        self.userID = userID
        self.account = account
        self.groups = groups
        self.token = token
        self.validUntil = validUntil
        self.localExpiry = localExpiry
    }

    /// Whether the session looks valid at `now` on this device's clock: before
    /// ``localExpiry`` (or, without one, ``validUntil``). For what is shown only: the session
    /// stays and its token is still sent; the server's 401 has the last word.
    public func isValid(at now: Date) -> Bool {
        (localExpiry ?? validUntil) > now
    }

    /// The group new objects are recorded under: the first group, if any.
    public var primaryGroup: String? { groups.first?.groupID }
}

/// A group and the user's role in it.
public struct GroupRole: Sendable, Hashable, Codable {
    /// The group's id.
    public var groupID: String
    /// The group's name.
    public var groupName: String
    /// The user's role in the group (e.g. `Admin`).
    public var roleName: String

    /// A group membership.
    public init(groupID: String, groupName: String, roleName: String) {
        self.groupID = groupID
        self.groupName = groupName
        self.roleName = roleName
    }
}
