/// What `strata-server admin` does: groups, users, apps, log levels, templates and push sends;
/// for the admin console, changing and deleting users, sessions, devices, templates and
/// groups; memberships, roles and administrators (``MembershipAdministration``); and the
/// synced data as the console browses it (``AdminDataBrowsing``).
///
/// Names are looked up as typed and in their canonical form (NFC); a name that matches nothing
/// throws ``ServerError`` `notFound` naming it.
public protocol AdminService: MembershipAdministration, AdminDataBrowsing {
    /// Creates a group.
    func createGroup(name: String) async throws -> AdminGroup
    /// Every group.
    func groups() async throws -> [AdminGroup]
    /// Creates a user with a password and memberships `(group name, role)`, primary group first.
    func createUser(account: String, password: String, memberships: [(group: String, role: String)]) async throws -> AdminUser
    /// Every user with their groups.
    func users() async throws -> [AdminUser]
    /// Creates an app version with a new random key, returned only here.
    func createApp(appId: String, version: String, logLevel: String) async throws -> CreatedApp
    /// Every app version.
    func apps() async throws -> [AdminApp]
    /// Sets an app version's log collection level (`none`, `error`, `monitor`).
    func setLogLevel(appId: String, version: String, level: String) async throws
    /// Saves (or replaces) a push template.
    func saveTemplate(name: String, title: String, body: String) async throws
    /// Sends a message to every device of the group's members (of one app version, when given);
    /// the text comes from `template` or from `title` and `body`. Returns the devices reached.
    func sendPush(group: String, title: String?, body: String?, template: String?, app: (id: String, version: String)?) async throws
        -> Int

    // MARK: Admin console: users, sessions, devices, templates, groups (issue 14)

    /// Sets a user's password (when given; at least 8 characters) and disabled flag (when
    /// given). A new password or disabling revokes every session of the user at once; a
    /// disabled user's logins are refused until enabled again.
    func updateUser(account: String, password: String?, disabled: Bool?) async throws -> AdminUserChange
    /// Deletes a user with their sessions, memberships and devices. The objects they own stay
    /// in the app stores, owned by the deleted id (see Docs/Server.md, "Deleting users and groups").
    func deleteUser(account: String) async throws -> AdminUserChange
    /// The unexpired sessions (of one user, when `account` is given).
    func sessions(account: String?) async throws -> [AdminSession]
    /// Revokes the session whose ``AdminSession/id`` is `id` (16 hex digits); returns it.
    func revokeSession(id: String) async throws -> AdminSession
    /// Revokes every session of a user; returns them.
    func revokeSessions(account: String) async throws -> [AdminSession]
    /// The registered devices, revoked ones included (of one user, when `account` is given).
    func devices(account: String?) async throws -> [AdminDevice]
    /// Revokes a device: it receives no more push messages (its pending ones are dropped), its
    /// polls and any new registration of its id in that app version are refused. `app` picks
    /// the app version when the id is registered in several. Returns the device as revoked.
    func revokeDevice(deviceId: String, app: (id: String, version: String)?) async throws -> AdminDevice
    /// Every push template, by name.
    func templates() async throws -> [AdminTemplate]
    /// The push template with this name.
    func template(named name: String) async throws -> AdminTemplate
    /// Deletes the push template with this name.
    func deleteTemplate(named name: String) async throws
    /// Deletes a group. A group with members is refused (`conflict`) unless `force`, which
    /// removes their memberships with it; the users stay.
    func deleteGroup(name: String, force: Bool) async throws -> AdminGroupDeletion
}
