import StrataServerData

/// Memberships and administrators: every call goes to the real store.
extension CountingControlStore {
    func addMembership(_ membership: MembershipRecord) async throws { try await real.addMembership(membership) }
    func removeMembership(userId: String, groupId: String) async throws {
        try await real.removeMembership(userId: userId, groupId: groupId)
    }
    func setRole(userId: String, groupId: String, role: String) async throws {
        try await real.setRole(userId: userId, groupId: groupId, role: role)
    }
    func members(groupId: String) async throws -> [GroupMemberRecord] { try await real.members(groupId: groupId) }
    func setAdministrator(userId: String, _ isAdministrator: Bool) async throws {
        try await real.setAdministrator(userId: userId, isAdministrator)
    }
    func isAdministrator(userId: String) async throws -> Bool { try await real.isAdministrator(userId: userId) }
    func administrators() async throws -> [UserRecord] { try await real.administrators() }
}
