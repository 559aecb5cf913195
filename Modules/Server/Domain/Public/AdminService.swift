/// What `strata-server admin` does: groups, users, apps, log levels, templates and push sends
/// (and memberships, roles and administrators: ``MembershipAdministration``).
public protocol AdminService: MembershipAdministration {
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
}
