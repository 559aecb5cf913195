import GRDB

/// Memberships after a user is created, and administrators (``MembershipStore``).
extension SQLiteControlStore {
    func addMembership(_ membership: MembershipRecord) async throws {
        try SQLiteText.check(membership.userId, membership.groupId, membership.role, what: "user, group or role")
        try await write("the membership of user \(membership.userId) in group \(membership.groupId)") { db in
            try Self.requireUser(membership.userId, db)
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM groups WHERE id = ?", arguments: [membership.groupId]) != nil else {
                throw ServerDataError(.notFound, "no group with id \(membership.groupId)")
            }
            try db.execute(
                sql: """
                    INSERT INTO memberships (user_id, group_id, role, position)
                    SELECT ?, ?, ?, COALESCE(MAX(position), -1) + 1 FROM memberships WHERE user_id = ?
                    """,
                arguments: [membership.userId, membership.groupId, membership.role, membership.userId])
        }
    }

    func removeMembership(userId: String, groupId: String) async throws {
        try SQLiteText.check(userId, groupId, what: "user or group id")
        try await write("removing user \(userId) from group \(groupId)") { db in
            try db.execute(sql: "DELETE FROM memberships WHERE user_id = ? AND group_id = ?", arguments: [userId, groupId])
            guard db.changesCount == 1 else { throw Self.noMembership(userId, groupId) }
        }
    }

    func setRole(userId: String, groupId: String, role: String) async throws {
        try SQLiteText.check(userId, groupId, role, what: "user, group or role")
        try await write("setting the role of user \(userId) in group \(groupId)") { db in
            try db.execute(
                sql: "UPDATE memberships SET role = ? WHERE user_id = ? AND group_id = ?", arguments: [role, userId, groupId])
            guard db.changesCount == 1 else { throw Self.noMembership(userId, groupId) }
        }
    }

    func members(groupId: String) async throws -> [GroupMemberRecord] {
        try SQLiteText.check(groupId, what: "group id")
        return try await read("listing the members of group \(groupId)") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT u.id, u.account, m.role FROM memberships m JOIN users u ON u.id = m.user_id
                    WHERE m.group_id = ? ORDER BY u.account
                    """, arguments: [groupId]
            ).map { GroupMemberRecord(userId: $0[0], account: $0[1], role: $0[2]) }
        }
    }

    func setAdministrator(userId: String, _ isAdministrator: Bool) async throws {
        try SQLiteText.check(userId, what: "user id")
        try await write("the administrator flag of user \(userId)") { db in
            try Self.requireUser(userId, db)
            try db.execute(
                sql: isAdministrator
                    ? "INSERT OR IGNORE INTO administrators (user_id) VALUES (?)" : "DELETE FROM administrators WHERE user_id = ?",
                arguments: [userId])
        }
    }

    func isAdministrator(userId: String) async throws -> Bool {
        try SQLiteText.check(userId, what: "user id")
        return try await read("reading the administrator flag of user \(userId)") { db in
            try Bool.fetchOne(db, sql: "SELECT 1 FROM administrators WHERE user_id = ?", arguments: [userId]) != nil
        }
    }

    func administrators() async throws -> [UserRecord] {
        try await read("listing administrators") { db in
            // CROSS JOIN keeps SQLite's join order: the few administrators, then each one's user by
            // key (a JOIN lets it walk every user in account order to spare the sort).
            try Row.fetchAll(
                db, sql: "SELECT u.* FROM administrators a CROSS JOIN users u ON u.id = a.user_id ORDER BY u.account"
            ).map(Self.user)
        }
    }

    static func requireUser(_ userId: String, _ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE id = ?", arguments: [userId]) != nil else {
            throw ServerDataError(.notFound, "no user with id \(userId)")
        }
    }

    static func noMembership(_ userId: String, _ groupId: String) -> ServerDataError {
        ServerDataError(.notFound, "user \(userId) is not a member of group \(groupId)")
    }
}
