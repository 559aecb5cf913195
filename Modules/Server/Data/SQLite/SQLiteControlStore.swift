import Foundation
import GRDB

/// The SQLite ``ControlStore`` over `control.sqlite`.
struct SQLiteControlStore: ControlStore {
    let pool: DatabasePool
    let file: String

    func write<T>(_ what: @autoclosure () -> String, _ body: (Database) throws -> T) throws -> T {
        try SQLiteDatabase.mapping(file: file, what()) { try pool.write(body) }
    }

    func read<T>(_ what: @autoclosure () -> String, _ body: (Database) throws -> T) throws -> T {
        try SQLiteDatabase.mapping(file: file, what()) { try pool.read(body) }
    }

    // MARK: Apps

    func createApp(_ app: AppRecord) throws {
        try SQLiteText.check(app.appId, app.version, what: "app id or version")
        try write("app \(app.appId) version \(app.version)") { db in
            try db.execute(
                sql: "INSERT INTO apps (app_id, version, key_hash, log_level) VALUES (?, ?, ?, ?)",
                arguments: [app.appId, app.version, app.keyHash, app.logLevel])
        }
    }

    func app(id: String, version: String) throws -> AppRecord? {
        try SQLiteText.check(id, version, what: "app id or version")
        return try read("reading app \(id) version \(version)") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM apps WHERE app_id = ? AND version = ?", arguments: [id, version])
                .map(Self.app)
        }
    }

    func apps() throws -> [AppRecord] {
        try read("listing apps") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM apps ORDER BY app_id, version").map(Self.app)
        }
    }

    func setLogLevel(appId: String, version: String, level: String) throws {
        try SQLiteText.check(appId, version, level, what: "app id, version or log level")
        try write("setting the log level of app \(appId) version \(version)") { db in
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

    func createGroup(_ group: GroupRecord) throws {
        try SQLiteText.check(group.id, group.name, what: "group name")
        try write("group \(group.name)") { db in
            try db.execute(sql: "INSERT INTO groups (id, name) VALUES (?, ?)", arguments: [group.id, group.name])
        }
    }

    func group(named name: String) throws -> GroupRecord? {
        try SQLiteText.check(name, what: "group name")
        return try read("reading group \(name)") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM groups WHERE name = ?", arguments: [name])
                .map { GroupRecord(id: $0["id"], name: $0["name"]) }
        }
    }

    func groups() throws -> [GroupRecord] {
        try read("listing groups") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM groups ORDER BY name").map { GroupRecord(id: $0["id"], name: $0["name"]) }
        }
    }

    func createUser(_ user: UserRecord, memberships: [MembershipRecord]) throws {
        try SQLiteText.check(user.id, user.account, user.passwordHash, what: "account")
        for membership in memberships { try SQLiteText.check(membership.groupId, membership.role, what: "role") }
        try write("user \(user.account)") { db in
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

    func user(account: String) throws -> UserRecord? {
        try SQLiteText.check(account, what: "account")
        return try read("reading user \(account)") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM users WHERE account = ?", arguments: [account]).map(Self.user)
        }
    }

    func users() throws -> [UserRecord] {
        try read("listing users") { db in try Row.fetchAll(db, sql: "SELECT * FROM users ORDER BY account").map(Self.user) }
    }

    static func user(_ row: Row) -> UserRecord {
        UserRecord(id: row["id"], account: row["account"], passwordHash: row["password_hash"])
    }

    func memberships(userId: String) throws -> [MembershipRecord] {
        try SQLiteText.check(userId, what: "user id")
        return try read("reading the groups of user \(userId)") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT m.user_id, m.group_id, g.name, m.role FROM memberships m JOIN groups g ON g.id = m.group_id
                    WHERE m.user_id = ? ORDER BY m.position
                    """, arguments: [userId]
            ).map { MembershipRecord(userId: $0[0], groupId: $0[1], groupName: $0[2], role: $0[3]) }
        }
    }

    func memberIds(groupId: String) throws -> [String] {
        try SQLiteText.check(groupId, what: "group id")
        return try read("reading the members of group \(groupId)") { db in
            try String.fetchAll(db, sql: "SELECT user_id FROM memberships WHERE group_id = ?", arguments: [groupId])
        }
    }

    // MARK: Sessions

    func saveToken(_ token: TokenRecord) throws {
        try write("session of user \(token.userId)") { db in
            try db.execute(
                sql: "INSERT INTO tokens (token_hash, user_id, app_id, app_version, valid_until) VALUES (?, ?, ?, ?, ?)",
                arguments: [token.tokenHash, token.userId, token.appId, token.appVersion, token.validUntil.storedSeconds])
        }
    }

    func token(hash: String) throws -> TokenRecord? {
        try read("reading a session") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM tokens WHERE token_hash = ?", arguments: [hash]).map {
                TokenRecord(
                    tokenHash: $0["token_hash"], userId: $0["user_id"], appId: $0["app_id"], appVersion: $0["app_version"],
                    validUntil: Date(storedSeconds: $0["valid_until"]))
            }
        }
    }

    func deleteToken(hash: String) throws {
        try write("ending a session") { db in
            try db.execute(sql: "DELETE FROM tokens WHERE token_hash = ?", arguments: [hash])
        }
    }

    func deleteTokens(expiredBefore date: Date) throws -> Int {
        try write("removing expired sessions") { db in
            try db.execute(sql: "DELETE FROM tokens WHERE valid_until < ?", arguments: [date.storedSeconds])
            return db.changesCount
        }
    }
}
