import Foundation
import GRDB

/// The SQLite ``ControlStore`` over `control.sqlite`.
struct SQLiteControlStore: ControlStore {
    let database: ServerDatabase

    func write<T: Sendable>(
        _ what: @autoclosure () -> String, _ body: @Sendable (Database) throws -> T
    ) async throws -> T {
        try await database.write(what(), body)
    }

    func read<T: Sendable>(
        _ what: @autoclosure () -> String, _ body: @Sendable (Database) throws -> T
    ) async throws -> T {
        try await database.read(what(), body)
    }

    // MARK: Apps

    func createApp(_ app: AppRecord) async throws {
        try SQLiteText.check(app.appId, app.version, what: "app id or version")
        try await write("app \(app.appId) version \(app.version)") { db in
            try db.execute(
                sql: "INSERT INTO apps (app_id, version, key_hash, log_level) VALUES (?, ?, ?, ?)",
                arguments: [app.appId, app.version, app.keyHash, app.logLevel])
        }
    }

    func app(id: String, version: String) async throws -> AppRecord? {
        try SQLiteText.check(id, version, what: "app id or version")
        return try await read("reading app \(id) version \(version)") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM apps WHERE app_id = ? AND version = ?", arguments: [id, version])
                .map(Self.app)
        }
    }

    func apps() async throws -> [AppRecord] {
        try await read("listing apps") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM apps ORDER BY app_id, version").map(Self.app)
        }
    }

    func setLogLevel(appId: String, version: String, level: String) async throws {
        try SQLiteText.check(appId, version, level, what: "app id, version or log level")
        try await write("setting the log level of app \(appId) version \(version)") { db in
            try db.execute(
                sql: "UPDATE apps SET log_level = ? WHERE app_id = ? AND version = ?", arguments: [level, appId, version])
            guard db.changesCount == 1 else {
                throw ServerDataError(.notFound, "no app \(appId) version \(version); create it with `admin app create`")
            }
        }
    }

    static func app(_ row: Row) -> AppRecord {
        AppRecord(appId: row["app_id"], version: row["version"], keyHash: row["key_hash"], logLevel: row["log_level"])
    }

    // MARK: Groups and users

    func createGroup(_ group: GroupRecord) async throws {
        try SQLiteText.check(group.id, group.name, what: "group name")
        try await write("group \(group.name)") { db in
            try db.execute(sql: "INSERT INTO groups (id, name) VALUES (?, ?)", arguments: [group.id, group.name])
        }
    }

    func group(named name: String) async throws -> GroupRecord? {
        try SQLiteText.check(name, what: "group name")
        return try await read("reading group \(name)") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM groups WHERE name = ?", arguments: [name])
                .map { GroupRecord(id: $0["id"], name: $0["name"]) }
        }
    }

    func groups() async throws -> [GroupRecord] {
        try await read("listing groups") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM groups ORDER BY name").map { GroupRecord(id: $0["id"], name: $0["name"]) }
        }
    }

    func createUser(_ user: UserRecord, memberships: [MembershipRecord]) async throws {
        try SQLiteText.check(user.id, user.account, user.passwordHash, what: "account")
        for membership in memberships { try SQLiteText.check(membership.groupId, membership.role, what: "role") }
        try await write("user \(user.account)") { db in
            try db.execute(
                sql: "INSERT INTO users (id, account, password_hash) VALUES (?, ?, ?)",
                arguments: [user.id, user.account, user.passwordHash])
            for (position, membership) in memberships.enumerated() {
                try db.execute(
                    sql: "INSERT INTO memberships (user_id, group_id, role, position) VALUES (?, ?, ?, ?)",
                    arguments: [user.id, membership.groupId, membership.role, position])
            }
        }
    }

    func user(account: String) async throws -> UserRecord? {
        try SQLiteText.check(account, what: "account")
        return try await read("reading user \(account)") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM users WHERE account = ?", arguments: [account]).map(Self.user)
        }
    }

    func accounts(userIds: [String]) async throws -> [String: String] {
        let ids = Array(Set(userIds.filter { !$0.utf8.contains(0) }))
        guard !ids.isEmpty else { return [:] }
        return try await read("reading the accounts of \(ids.count) users") { db in
            var accounts: [String: String] = [:]
            let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
            for row in try Row.fetchAll(
                db, sql: "SELECT id, account FROM users WHERE id IN (\(marks))", arguments: StatementArguments(ids))
            {
                accounts[row[0]] = row[1]
            }
            return accounts
        }
    }

    func users() async throws -> [UserRecord] {
        try await read("listing users") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM users ORDER BY account").map(Self.user)
        }
    }

    static func user(_ row: Row) -> UserRecord {
        UserRecord(id: row["id"], account: row["account"], passwordHash: row["password_hash"], disabled: row["disabled"])
    }

    func memberships(userId: String) async throws -> [MembershipRecord] {
        try SQLiteText.check(userId, what: "user id")
        return try await read("reading the groups of user \(userId)") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.user_id, m.group_id, g.name, m.role FROM memberships m JOIN groups g ON g.id = m.group_id
                    WHERE m.user_id = ? ORDER BY m.position
                    """, arguments: [userId]
            ).map { MembershipRecord(userId: $0[0], groupId: $0[1], groupName: $0[2], role: $0[3]) }
        }
    }

    func memberIds(groupId: String) async throws -> [String] {
        try SQLiteText.check(groupId, what: "group id")
        return try await read("reading the members of group \(groupId)") { db in
            try String.fetchAll(db, sql: "SELECT user_id FROM memberships WHERE group_id = ?", arguments: [groupId])
        }
    }

    // MARK: Sessions

    func saveToken(_ token: TokenRecord) async throws {
        try await write("session of user \(token.userId)") { db in
            try db.execute(
                sql: """
                    INSERT INTO tokens (token_hash, user_id, app_id, app_version, valid_until)
                    SELECT ?, ?, ?, ?, ? WHERE EXISTS (SELECT 1 FROM users WHERE id = ? AND disabled = 0)
                    """,
                arguments: [
                    token.tokenHash, token.userId, token.appId, token.appVersion, token.validUntil.storedSeconds, token.userId,
                ])
            guard db.changesCount == 1 else {
                throw ServerDataError(.notFound, "user \(token.userId) is disabled or was deleted")
            }
        }
    }

    func token(hash: String) async throws -> TokenRecord? {
        try await read("reading a session") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM tokens WHERE token_hash = ?", arguments: [hash]).map {
                TokenRecord(
                    tokenHash: $0["token_hash"], userId: $0["user_id"], appId: $0["app_id"], appVersion: $0["app_version"],
                    validUntil: Date(storedSeconds: $0["valid_until"]))
            }
        }
    }

    func deleteToken(hash: String) async throws {
        try await write("ending a session") { db in
            try db.execute(sql: "DELETE FROM tokens WHERE token_hash = ?", arguments: [hash])
        }
    }

    func deleteTokens(expiredBefore date: Date) async throws -> Int {
        try await write("removing expired sessions") { db in
            try db.execute(sql: "DELETE FROM tokens WHERE valid_until < ?", arguments: [date.storedSeconds])
            let removed = db.changesCount
            // A revoked session is remembered only while it would have been valid.
            try db.execute(sql: "DELETE FROM revoked_sessions WHERE valid_until < ?", arguments: [date.storedSeconds])
            return removed
        }
    }
}
