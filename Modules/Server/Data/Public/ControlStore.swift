public import Foundation

/// Apps, users, groups, sessions, devices and push messages: what every app shares.
///
/// - Important: Methods that create a row throw ``ServerDataError`` (`duplicate`) when its key
///   exists, and methods that change a named row throw `notFound` when it does not.
public protocol ControlStore: Sendable {
    /// Stores a new app version.
    func createApp(_ app: AppRecord) throws
    /// The app version, or `nil`.
    func app(id: String, version: String) throws -> AppRecord?
    /// Every app version, by id then version.
    func apps() throws -> [AppRecord]
    /// Sets an app version's log collection level (`none`, `error`, `monitor`).
    func setLogLevel(appId: String, version: String, level: String) throws

    /// Stores a new group.
    func createGroup(_ group: GroupRecord) throws
    /// The group with this name, or `nil`.
    func group(named name: String) throws -> GroupRecord?
    /// Every group, by name.
    func groups() throws -> [GroupRecord]

    /// Stores a new user with their group memberships, in one transaction.
    func createUser(_ user: UserRecord, memberships: [MembershipRecord]) throws
    /// The user with this account name, or `nil`.
    func user(account: String) throws -> UserRecord?
    /// Every user, by account.
    func users() throws -> [UserRecord]
    /// A user's memberships, oldest first (the first is the user's primary group).
    func memberships(userId: String) throws -> [MembershipRecord]
    /// The ids of a group's members.
    func memberIds(groupId: String) throws -> [String]

    /// Stores a session token (by its hash).
    func saveToken(_ token: TokenRecord) throws
    /// The session with this token hash, or `nil`.
    func token(hash: String) throws -> TokenRecord?
    /// Removes the session with this token hash (nothing when there is none).
    func deleteToken(hash: String) throws
    /// Removes every session that expired before `date`; returns how many.
    @discardableResult func deleteTokens(expiredBefore date: Date) throws -> Int

    /// Stores or replaces a device registration (the key is app id, version and device id).
    func registerDevice(_ device: DeviceRecord) throws
    /// The device, or `nil`.
    func device(appId: String, version: String, deviceId: String) throws -> DeviceRecord?
    /// The devices registered by any of `userIds`.
    func devices(userIds: [String]) throws -> [DeviceRecord]
    /// Appends one message per device; returns the stored messages.
    func appendPushMessages(_ messages: [NewPushMessage]) throws -> [StoredPushMessage]
    /// A device's messages after `sequence`, oldest first.
    func pushMessages(appId: String, version: String, deviceId: String, after sequence: Int64, limit: Int) throws
        -> [StoredPushMessage]

    /// Stores or replaces a push template.
    func saveTemplate(_ template: PushTemplate) throws
    /// The template with this name, or `nil`.
    func template(named name: String) throws -> PushTemplate?
}
