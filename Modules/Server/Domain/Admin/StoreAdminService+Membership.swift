import StrataServerData
import StrataWire

/// Memberships, roles and administrators (``MembershipAdministration``).
extension StoreAdminService {
    func addMember(group: String, account: String, role: String) async throws -> AdminMember {
        try Self.checkRole(role)
        return try await ServerError.mapping {
            let (found, user) = try await groupAndUser(group, account)
            if let existing = try await data.control.memberships(userId: user.id).first(where: { $0.groupId == found.id }) {
                throw ServerError(
                    .conflict,
                    "\(user.account) is already a member of \(found.name) (\(existing.role)); "
                        + "change the role with `admin group set-role`")
            }
            try await data.control.addMembership(
                MembershipRecord(userId: user.id, groupId: found.id, groupName: found.name, role: role))
            return AdminMember(group: found.name, account: user.account, userId: user.id, role: role)
        }
    }

    func removeMember(group: String, account: String) async throws -> AdminMember {
        try await ServerError.mapping {
            let (found, user) = try await groupAndUser(group, account)
            let membership = try await membership(of: user, in: found)
            try await data.control.removeMembership(userId: user.id, groupId: found.id)
            return AdminMember(group: found.name, account: user.account, userId: user.id, role: membership.role)
        }
    }

    func setRole(group: String, account: String, role: String) async throws -> AdminMember {
        try Self.checkRole(role)
        return try await ServerError.mapping {
            let (found, user) = try await groupAndUser(group, account)
            _ = try await membership(of: user, in: found)
            try await data.control.setRole(userId: user.id, groupId: found.id, role: role)
            return AdminMember(group: found.name, account: user.account, userId: user.id, role: role)
        }
    }

    func members(group: String) async throws -> [AdminMember] {
        try Self.checkText(group, what: "group name")
        return try await ServerError.mapping {
            let found = try await existingGroup(group)
            return try await data.control.members(groupId: found.id).map {
                AdminMember(group: found.name, account: $0.account, userId: $0.userId, role: $0.role)
            }
        }
    }

    func setAdministrator(account: String, _ isAdministrator: Bool) async throws -> AdminUser {
        try Self.checkText(account, what: "account")
        return try await ServerError.mapping {
            let user = try await existingUser(account)
            try await data.control.setAdministrator(userId: user.id, isAdministrator)
            // Revoking the grant removes the user's web console sessions (not only filters them
            // out), so granting it again revives none of them.
            if !isAdministrator { try await data.control.deleteConsoleSessions(userId: user.id) }
            return try await adminUser(user)
        }
    }

    func administrators() async throws -> [AdminUser] {
        try await ServerError.mapping {
            var users: [AdminUser] = []
            for user in try await data.control.administrators() { users.append(try await adminUser(user)) }
            return users
        }
    }

    /// Throws unless `role` is a ``GroupRole`` name.
    static func checkRole(_ role: String) throws {
        try checkText(role, what: "role")
        if let problem = GroupRole.problem(with: role) { throw ServerError(.badRequest, problem) }
    }

    private func adminUser(_ user: UserRecord) async throws -> AdminUser {
        AdminUser(
            id: user.id, account: user.account,
            groups: try await data.control.memberships(userId: user.id).map(StoreAuthService.groupRole))
    }

    private func groupAndUser(_ group: String, _ account: String) async throws -> (GroupRecord, UserRecord) {
        try Self.checkText(group, what: "group name")
        try Self.checkText(account, what: "account")
        return (try await existingGroup(group), try await existingUser(account))
    }

    private func existingGroup(_ name: String) async throws -> GroupRecord {
        guard let found = try await self.group(named: name) else {
            throw ServerError(.notFound, "no group named '\(name)'; create it with `admin group create`")
        }
        return found
    }

    private func existingUser(_ account: String) async throws -> UserRecord {
        guard let user = try await StoreAuthService.user(account: account, in: data.control) else {
            throw ServerError(.notFound, "no user named '\(account)'; create it with `admin user create`")
        }
        return user
    }

    private func membership(of user: UserRecord, in group: GroupRecord) async throws -> MembershipRecord {
        guard let membership = try await data.control.memberships(userId: user.id).first(where: { $0.groupId == group.id }) else {
            throw ServerError(
                .notFound, "\(user.account) is not a member of \(group.name); add them with `admin group add-member`")
        }
        return membership
    }
}
