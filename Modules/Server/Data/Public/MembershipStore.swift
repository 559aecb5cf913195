/// Memberships after a user is created, and the administrator flag: the part of
/// ``ControlStore`` that `admin group add-member|remove-member|set-role|members` and
/// `admin administrator` use.
///
/// - Important: As in ``ControlStore``, a membership that exists throws ``ServerDataError``
///   (`duplicate`) when added again, and one that does not throws `notFound` when changed or
///   removed.
public protocol MembershipStore: Sendable {
    /// Adds `membership` (its `groupName` is not stored) after the user's other groups, so it
    /// becomes their primary group only when it is their first.
    func addMembership(_ membership: MembershipRecord) async throws
    /// Removes the user's membership of the group; the next one becomes primary when it was the first.
    func removeMembership(userId: String, groupId: String) async throws
    /// Sets the user's role in the group.
    func setRole(userId: String, groupId: String, role: String) async throws
    /// The group's members with their accounts and roles, by account.
    func members(groupId: String) async throws -> [GroupMemberRecord]

    /// Makes the user an administrator (`true`) or not (`false`); either when already so is no change.
    func setAdministrator(userId: String, _ isAdministrator: Bool) async throws
    /// Whether the user is an administrator.
    func isAdministrator(userId: String) async throws -> Bool
    /// The administrators, by account.
    func administrators() async throws -> [UserRecord]
}
