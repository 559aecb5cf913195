import Foundation
import PostgresNIO

/// The PostgreSQL ``ControlStore``: the control tables of the one database.
struct PostgresControlStore: ControlStore {
    let database: ServerPostgres

    /// Runs one statement built by `build` and returns its rows.
    @discardableResult
    func run(_ what: @autoclosure () -> String, _ build: (inout PostgresStatement) -> Void) async throws -> [PostgresRow] {
        var statement = PostgresStatement()
        build(&statement)
        return try await database.rows(what(), statement)
    }

    // MARK: Apps

    func createApp(_ app: AppRecord) async throws {
        try SQLiteText.check(app.appId, app.version, what: "app id or version")
        try await run("app \(app.appId) version \(app.version)") {
            $0.append(
                "INSERT INTO apps (app_id, version, key_hash, log_level) VALUES (\($0.bind(app.appId)), \($0.bind(app.version)), \($0.bind(app.keyHash)), \($0.bind(app.logLevel)))"
            )
        }
    }

    func app(id: String, version: String) async throws -> AppRecord? {
        try SQLiteText.check(id, version, what: "app id or version")
        return try await run("reading app \(id) version \(version)") {
            $0.append(
                "SELECT app_id, version, key_hash, log_level FROM apps WHERE app_id = \($0.bind(id)) AND version = \($0.bind(version))")
        }.first.map(Self.app)
    }

    func apps() async throws -> [AppRecord] {
        try await run("listing apps") {
            $0.append("SELECT app_id, version, key_hash, log_level FROM apps ORDER BY app_id COLLATE \"C\", version COLLATE \"C\"")
        }.map(Self.app)
    }

    func setLogLevel(appId: String, version: String, level: String) async throws {
        try SQLiteText.check(appId, version, level, what: "app id, version or log level")
        let rows = try await run("setting the log level of app \(appId) version \(version)") {
            $0.append(
                "UPDATE apps SET log_level = \($0.bind(level)) WHERE app_id = \($0.bind(appId)) AND version = \($0.bind(version)) RETURNING 1")
        }
        guard rows.count == 1 else {
            throw ServerDataError(.notFound, "no app \(appId) version \(version); create it with `admin app create`")
        }
    }

    static func app(_ row: PostgresRow) throws -> AppRecord {
        let (appId, version, keyHash, logLevel) = try row.decode((String, String, String, String).self)
        return AppRecord(appId: appId, version: version, keyHash: keyHash, logLevel: logLevel)
    }

    // MARK: Groups and users

    func createGroup(_ group: GroupRecord) async throws {
        try SQLiteText.check(group.id, group.name, what: "group name")
        try await run("group \(group.name)") {
            $0.append("INSERT INTO groups (id, name) VALUES (\($0.bind(group.id)), \($0.bind(group.name)))")
        }
    }

    func group(named name: String) async throws -> GroupRecord? {
        try SQLiteText.check(name, what: "group name")
        return try await run("reading group \(name)") { $0.append("SELECT id, name FROM groups WHERE name = \($0.bind(name))") }
            .first.map(Self.group)
    }

    func groups() async throws -> [GroupRecord] {
        try await run("listing groups") { $0.append("SELECT id, name FROM groups ORDER BY name COLLATE \"C\"") }.map(Self.group)
    }

    static func group(_ row: PostgresRow) throws -> GroupRecord {
        let (id, name) = try row.decode((String, String).self)
        return GroupRecord(id: id, name: name)
    }

    func createUser(_ user: UserRecord, memberships: [MembershipRecord]) async throws {
        try SQLiteText.check(user.id, user.account, user.passwordHash, what: "account")
        for membership in memberships { try SQLiteText.check(membership.groupId, membership.role, what: "role") }
        try await database.transaction("user \(user.account)") { connection in
            var insert = PostgresStatement()
            insert.append(
                "INSERT INTO users (id, account, password_hash) VALUES (\(insert.bind(user.id)), \(insert.bind(user.account)), \(insert.bind(user.passwordHash)))"
            )
            try await connection.rows(insert, logger: database.logger)
            for (position, membership) in memberships.enumerated() {
                var member = PostgresStatement()
                member.append(
                    "INSERT INTO memberships (user_id, group_id, role, position) VALUES (\(member.bind(user.id)), \(member.bind(membership.groupId)), \(member.bind(membership.role)), \(member.bind(position)))"
                )
                try await connection.rows(member, logger: database.logger)
            }
        }
    }

    func user(account: String) async throws -> UserRecord? {
        try SQLiteText.check(account, what: "account")
        return try await run("reading user \(account)") {
            $0.append("SELECT id, account, password_hash, disabled FROM users WHERE account = \($0.bind(account))")
        }.first.map(Self.user)
    }

    func accounts(userIds: [String]) async throws -> [String: String] {
        let ids = Array(Set(userIds.filter { !$0.utf8.contains(0) }))
        guard !ids.isEmpty else { return [:] }
        let rows = try await run("reading the accounts of \(ids.count) users") {
            $0.append("SELECT id, account FROM users WHERE id = ANY(\($0.bind(ids)))")
        }
        var accounts: [String: String] = [:]
        for row in rows {
            let (id, account) = try row.decode((String, String).self)
            accounts[id] = account
        }
        return accounts
    }

    func users() async throws -> [UserRecord] {
        try await run("listing users") {
            $0.append("SELECT id, account, password_hash, disabled FROM users ORDER BY account COLLATE \"C\"")
        }.map(Self.user)
    }

    static func user(_ row: PostgresRow) throws -> UserRecord {
        let (id, account, passwordHash, disabled) = try row.decode((String, String, String, Bool).self)
        return UserRecord(id: id, account: account, passwordHash: passwordHash, disabled: disabled)
    }

    func memberships(userId: String) async throws -> [MembershipRecord] {
        try SQLiteText.check(userId, what: "user id")
        return try await run("reading the groups of user \(userId)") {
            $0.append(
                """
                SELECT m.user_id, m.group_id, g.name, m.role FROM memberships m JOIN groups g ON g.id = m.group_id
                WHERE m.user_id = \($0.bind(userId)) ORDER BY m.position
                """)
        }.map {
            let (userId, groupId, groupName, role) = try $0.decode((String, String, String, String).self)
            return MembershipRecord(userId: userId, groupId: groupId, groupName: groupName, role: role)
        }
    }

    func memberIds(groupId: String) async throws -> [String] {
        try SQLiteText.check(groupId, what: "group id")
        return try await run("reading the members of group \(groupId)") {
            $0.append("SELECT user_id FROM memberships WHERE group_id = \($0.bind(groupId))")
        }.map { try $0.decode(String.self) }
    }

    // MARK: Sessions

    func saveToken(_ token: TokenRecord) async throws {
        // FOR SHARE waits for a disabling or deleting transaction that holds the user's row,
        // then reads the row as it committed.
        let rows = try await run("session of user \(token.userId)") {
            $0.append(
                """
                INSERT INTO tokens (token_hash, user_id, app_id, app_version, valid_until) SELECT \($0.bind(token.tokenHash)), \
                id, \($0.bind(token.appId)), \($0.bind(token.appVersion)), \($0.bind(token.validUntil.storedSeconds)) \
                FROM users WHERE id = \($0.bind(token.userId)) AND NOT disabled FOR SHARE RETURNING 1
                """)
        }
        guard rows.count == 1 else { throw ServerDataError(.notFound, "user \(token.userId) is disabled or was deleted") }
    }

    func token(hash: String) async throws -> TokenRecord? {
        guard !hash.utf8.contains(0) else { return nil }
        return try await run("reading a session") {
            $0.append("SELECT token_hash, user_id, app_id, app_version, valid_until FROM tokens WHERE token_hash = \($0.bind(hash))")
        }.first.map {
            let (tokenHash, userId, appId, appVersion, validUntil) = try $0.decode((String, String, String, String, Double).self)
            return TokenRecord(
                tokenHash: tokenHash, userId: userId, appId: appId, appVersion: appVersion,
                validUntil: Date(storedSeconds: validUntil))
        }
    }

    func deleteToken(hash: String) async throws {
        guard !hash.utf8.contains(0) else { return }
        try await run("ending a session") { $0.append("DELETE FROM tokens WHERE token_hash = \($0.bind(hash))") }
    }

    func deleteTokens(expiredBefore date: Date) async throws -> Int {
        // A revoked session is remembered only while it would have been valid.
        _ = try await run("removing expired revoked sessions") {
            $0.append("DELETE FROM revoked_sessions WHERE valid_until < \($0.bind(date.storedSeconds))")
        }
        return try await run("removing expired sessions") {
            $0.append("DELETE FROM tokens WHERE valid_until < \($0.bind(date.storedSeconds)) RETURNING 1")
        }.count
    }
}
