/// What `strata-server admin group add-member|remove-member|set-role|members` and
/// `admin administrator grant|revoke|list` do: memberships after a user is created, roles, and
/// the administrator flag (part of ``AdminService``).
///
/// Groups and accounts are named as typed (looked up in NFC, as stored); a role is `lead` or
/// `member` (``GroupRole``). An unknown group, account or role, a membership that exists when
/// added or is missing when changed, each throw ``ServerError`` naming it and what to do.
public protocol MembershipAdministration: Sendable {
    /// Adds `account` to `group` with `role`, after their other groups.
    func addMember(group: String, account: String, role: String) async throws -> AdminMember
    /// Removes `account` from `group`.
    func removeMember(group: String, account: String) async throws -> AdminMember
    /// Sets `account`'s role in `group`.
    func setRole(group: String, account: String, role: String) async throws -> AdminMember
    /// The members of `group`, by account.
    func members(group: String) async throws -> [AdminMember]

    /// Makes `account` an administrator (`true`) or not (`false`).
    func setAdministrator(account: String, _ isAdministrator: Bool) async throws -> AdminUser
    /// The administrators, by account, with their groups.
    func administrators() async throws -> [AdminUser]
}
