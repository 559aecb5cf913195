public import Foundation

/// The control store's operations that only the admin console uses: changing and deleting
/// users, listing and revoking sessions and devices, listing and deleting templates, deleting
/// groups.
///
/// Every ``ControlStore`` is one; each change here commits whole (one transaction) or not at
/// all. Methods that change a named row throw ``ServerDataError`` (`notFound`) when it does not
/// exist.
public protocol AdminControlStore: Sendable {
    /// Sets a user's password hash (when `passwordHash` is given) and disabled flag (when
    /// `disabled` is given); when the password changes or the user is disabled, removes every
    /// session of the user in the same transaction. Returns how many sessions it removed.
    func updateUser(id: String, passwordHash: String?, disabled: Bool?) async throws -> Int
    /// Removes a user with their sessions, memberships, devices and the devices' pending push
    /// messages, in one transaction; returns how many sessions and devices went with them. The
    /// objects they own in the app stores are not touched.
    func deleteUser(id: String) async throws -> (sessions: Int, devices: Int)

    /// Every session (of the user `userId`, when given), by user id then expiry.
    func tokens(userId: String?) async throws -> [TokenRecord]
    /// Removes every session of the user; returns how many.
    @discardableResult func deleteTokens(userId: String) async throws -> Int

    /// Every device registration, revoked ones included, by app id, version, device id.
    func allDevices() async throws -> [DeviceRecord]
    /// Marks the device revoked at `date` (a revoked one keeps its first date) and removes its
    /// pending push messages.
    func revokeDevice(appId: String, version: String, deviceId: String, at date: Date) async throws

    /// Every push template, by name.
    func templates() async throws -> [PushTemplate]
    /// Removes the template with this name.
    func deleteTemplate(named name: String) async throws

    /// Removes a group and every membership in it, in one transaction; returns how many
    /// memberships went with it.
    func deleteGroup(id: String) async throws -> Int
}
