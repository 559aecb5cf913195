import PostgresNIO

/// Memberships after a user is created, and administrators (``MembershipStore``).
extension PostgresControlStore {
    func addMembership(_ membership: MembershipRecord) async throws {
        try SQLiteText.check(membership.userId, membership.groupId, membership.role, what: "user, group or role")
        let rows = try await run("the membership of user \(membership.userId) in group \(membership.groupId)") {
            let user = $0.bind(membership.userId)
            $0.append(
                """
                INSERT INTO memberships (user_id, group_id, role, position)
                SELECT u.id, g.id, \($0.bind(membership.role)),
                    COALESCE((SELECT MAX(position) FROM memberships WHERE user_id = \(user)), -1) + 1
                FROM users u, groups g WHERE u.id = \(user) AND g.id = \($0.bind(membership.groupId))
                RETURNING 1
                """)
        }
        guard rows.count == 1 else {
            throw ServerDataError(.notFound, "no user with id \(membership.userId) or no group with id \(membership.groupId)")
        }
    }

    func removeMembership(userId: String, groupId: String) async throws {
        try SQLiteText.check(userId, groupId, what: "user or group id")
        let rows = try await run("removing user \(userId) from group \(groupId)") {
            $0.append(
                "DELETE FROM memberships WHERE user_id = \($0.bind(userId)) AND group_id = \($0.bind(groupId)) RETURNING 1")
        }
        guard rows.count == 1 else { throw SQLiteControlStore.noMembership(userId, groupId) }
    }

    func setRole(userId: String, groupId: String, role: String) async throws {
        try SQLiteText.check(userId, groupId, role, what: "user, group or role")
        let rows = try await run("setting the role of user \(userId) in group \(groupId)") {
            $0.append(
                """
                UPDATE memberships SET role = \($0.bind(role))
                WHERE user_id = \($0.bind(userId)) AND group_id = \($0.bind(groupId)) RETURNING 1
                """)
        }
        guard rows.count == 1 else { throw SQLiteControlStore.noMembership(userId, groupId) }
    }

    func members(groupId: String) async throws -> [GroupMemberRecord] {
        try SQLiteText.check(groupId, what: "group id")
        return try await run("listing the members of group \(groupId)") {
            $0.append(
                """
                SELECT u.id, u.account, m.role FROM memberships m JOIN users u ON u.id = m.user_id
                WHERE m.group_id = \($0.bind(groupId)) ORDER BY u.account COLLATE "C"
                """)
        }.map {
            let (userId, account, role) = try $0.decode((String, String, String).self)
            return GroupMemberRecord(userId: userId, account: account, role: role)
        }
    }

    func setAdministrator(userId: String, _ isAdministrator: Bool) async throws {
        try SQLiteText.check(userId, what: "user id")
        try await database.transaction("the administrator flag of user \(userId)") { connection in
            var user = PostgresStatement()
            user.append("SELECT 1 FROM users WHERE id = \(user.bind(userId)) FOR SHARE")
            guard try await connection.rows(user, logger: database.logger).count == 1 else {
                throw ServerDataError(.notFound, "no user with id \(userId)")
            }
            var change = PostgresStatement()
            change.append(
                isAdministrator
                    ? "INSERT INTO administrators (user_id) VALUES (\(change.bind(userId))) ON CONFLICT DO NOTHING"
                    : "DELETE FROM administrators WHERE user_id = \(change.bind(userId))")
            try await connection.rows(change, logger: database.logger)
        }
    }

    func isAdministrator(userId: String) async throws -> Bool {
        guard !userId.utf8.contains(0) else { return false }
        return try await run("reading the administrator flag of user \(userId)") {
            $0.append("SELECT 1 FROM administrators WHERE user_id = \($0.bind(userId))")
        }.count == 1
    }

    func administrators() async throws -> [UserRecord] {
        try await run("listing administrators") {
            $0.append(
                """
                SELECT u.id, u.account, u.password_hash, u.disabled FROM administrators a JOIN users u ON u.id = a.user_id
                ORDER BY u.account COLLATE "C"
                """)
        }.map(Self.user)
    }
}
