public import Foundation

/// Apps, users, groups, sessions, devices and push messages: what every app shares (with the
/// memberships and administrators of ``MembershipStore``).
///
/// Every method is async: its SQLite work runs on the database's own queues (GRDB's async
/// `read` and `write`), never on the caller's thread.
///
/// - Important: Methods that create a row throw ``ServerDataError`` (`duplicate`) when its key
///   exists, and methods that change a named row throw `notFound` when it does not.
///
/// What only the admin console needs (updating and deleting users, listing and revoking
/// sessions and devices, listing and deleting templates, deleting groups) is in
/// ``AdminControlStore``, which every control store also is; memberships, roles and
/// administrators in ``MembershipStore``; the web console's sessions in ``ConsoleSessionStore``.
public protocol ControlStore: MembershipStore, AdminControlStore, ConsoleSessionStore {
    /// Stores a new app version.
    func createApp(_ app: AppRecord) async throws
    /// The app version, or `nil`.
    func app(id: String, version: String) async throws -> AppRecord?
    /// Every app version, by id then version.
    func apps() async throws -> [AppRecord]
    /// Sets an app version's log collection level (`none`, `error`, `monitor`).
    func setLogLevel(appId: String, version: String, level: String) async throws

    /// Stores a new group.
    func createGroup(_ group: GroupRecord) async throws
    /// The group with this name, or `nil`.
    func group(named name: String) async throws -> GroupRecord?
    /// Every group, by name.
    func groups() async throws -> [GroupRecord]

    /// Stores a new user with their group memberships, in one transaction.
    func createUser(_ user: UserRecord, memberships: [MembershipRecord]) async throws
    /// The user with this account name, or `nil`.
    func user(account: String) async throws -> UserRecord?
    /// Every user, by account.
    func users() async throws -> [UserRecord]
    /// The account names of those of `userIds` that exist, by user id.
    func accounts(userIds: [String]) async throws -> [String: String]
    /// A user's memberships, oldest first (the first is the user's primary group).
    func memberships(userId: String) async throws -> [MembershipRecord]
    /// The ids of a group's members.
    func memberIds(groupId: String) async throws -> [String]

    /// Stores a session token (by its hash), only while its user exists and is not disabled:
    /// checked in the same statement, so a token never outlives a disabling or a deletion that
    /// committed while its login was verifying the password.
    ///
    /// - Throws: ``ServerDataError`` `notFound` when the user is disabled or gone.
    func saveToken(_ token: TokenRecord) async throws
    /// The session with this token hash, or `nil`.
    func token(hash: String) async throws -> TokenRecord?
    /// Why the session with this token hash was revoked, when an administrator disabled
    /// (`disabled`) or deleted (`deleted`) its user; `nil` for any other token.
    func revokedSession(hash: String) async throws -> String?
    /// Removes the session with this token hash (nothing when there is none).
    func deleteToken(hash: String) async throws
    /// Removes every session that expired before `date`; returns how many.
    @discardableResult func deleteTokens(expiredBefore date: Date) async throws -> Int

    /// Stores or replaces a device registration (the key is app id, version and device id).
    func registerDevice(_ device: DeviceRecord) async throws
    /// The device, or `nil`.
    func device(appId: String, version: String, deviceId: String) async throws -> DeviceRecord?
    /// The devices registered by any of `userIds`.
    func devices(userIds: [String]) async throws -> [DeviceRecord]
    /// Appends one message per device; returns the stored messages.
    func appendPushMessages(_ messages: [NewPushMessage]) async throws -> [StoredPushMessage]
    /// A device's messages after `sequence`, oldest first.
    func pushMessages(appId: String, version: String, deviceId: String, after sequence: Int64, limit: Int) async throws
        -> [StoredPushMessage]
    /// The sequence of the newest message on any channel (0 when there is none): a message
    /// stored later, by this process or another, has a greater one.
    func latestPushSequence() async throws -> Int64
    /// The channels that received a message after `sequence` (each once), and the newest
    /// sequence (`sequence` when none did): what a waiting poll watches for messages that
    /// another process (`admin push`) stored.
    func pushChannels(after sequence: Int64) async throws -> (channels: [PushChannel], latest: Int64)
    /// Tells the other server instances on this storage that a push committed `wake`'s changes
    /// (PostgreSQL: `NOTIFY`, after the commit); SQLite has no other instances: nothing.
    func announce(_ wake: DataWake) async throws

    /// Stores or replaces a push template.
    func saveTemplate(_ template: PushTemplate) async throws
    /// The template with this name, or `nil`.
    func template(named name: String) async throws -> PushTemplate?
}
