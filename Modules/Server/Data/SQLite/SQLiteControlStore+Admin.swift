import Foundation
import GRDB

/// The admin console's operations (``AdminControlStore``).
extension SQLiteControlStore {
    func updateUser(id: String, passwordHash: String?, disabled: Bool?) async throws -> Int {
        try SQLiteText.check(id, passwordHash, what: "user id or password hash")
        return try await write("updating user \(id)") { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE id = ?", arguments: [id]) != nil else {
                throw ServerDataError(.notFound, "no user with id \(id)")
            }
            if let passwordHash {
                try db.execute(sql: "UPDATE users SET password_hash = ? WHERE id = ?", arguments: [passwordHash, id])
            }
            if let disabled {
                try db.execute(sql: "UPDATE users SET disabled = ? WHERE id = ?", arguments: [disabled, id])
            }
            // A disabled user's devices hear why at their next request; an enabled one's forget it.
            if let disabled { try Self.revokeSessions(of: id, reason: disabled ? "disabled" : nil, in: db) }
            guard passwordHash != nil || disabled == true else { return 0 }
            try db.execute(sql: "DELETE FROM tokens WHERE user_id = ?", arguments: [id])
            return db.changesCount
        }
    }

    func deleteUser(id: String) async throws -> (sessions: Int, devices: Int) {
        try SQLiteText.check(id, what: "user id")
        let counts = try await write("deleting user \(id)") { db -> [Int] in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM users WHERE id = ?", arguments: [id]) != nil else {
                throw ServerDataError(.notFound, "no user with id \(id)")
            }
            try Self.revokeSessions(of: id, reason: "deleted", in: db)
            try db.execute(sql: "DELETE FROM tokens WHERE user_id = ?", arguments: [id])
            let sessions = db.changesCount
            try db.execute(
                sql: """
                    DELETE FROM push_messages WHERE (app_id, app_version, device_id) IN
                        (SELECT app_id, app_version, device_id FROM devices WHERE user_id = ?)
                    """, arguments: [id])
            try db.execute(sql: "DELETE FROM devices WHERE user_id = ?", arguments: [id])
            let devices = db.changesCount
            try db.execute(sql: "DELETE FROM memberships WHERE user_id = ?", arguments: [id])
            // Also what the foreign key's ON DELETE CASCADE does; said here so it holds whatever the pragma.
            try db.execute(sql: "DELETE FROM administrators WHERE user_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM users WHERE id = ?", arguments: [id])
            return [sessions, devices]
        }
        return (counts[0], counts[1])
    }

    func tokens(userId: String?) async throws -> [TokenRecord] {
        try SQLiteText.check(userId, what: "user id")
        return try await read("listing sessions") { db in
            let rows =
                if let userId {
                    try Row.fetchAll(
                        db, sql: "SELECT * FROM tokens WHERE user_id = ? ORDER BY valid_until, token_hash", arguments: [userId])
                } else {
                    try Row.fetchAll(db, sql: "SELECT * FROM tokens ORDER BY user_id, valid_until, token_hash")
                }
            return rows.map {
                TokenRecord(
                    tokenHash: $0["token_hash"], userId: $0["user_id"], appId: $0["app_id"], appVersion: $0["app_version"],
                    validUntil: Date(storedSeconds: $0["valid_until"]))
            }
        }
    }

    func deleteTokens(userId: String) async throws -> Int {
        try SQLiteText.check(userId, what: "user id")
        return try await write("ending the sessions of user \(userId)") { db in
            try db.execute(sql: "DELETE FROM tokens WHERE user_id = ?", arguments: [userId])
            return db.changesCount
        }
    }

    func allDevices() async throws -> [DeviceRecord] {
        try await read("listing devices") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM devices ORDER BY app_id, app_version, device_id").map(Self.device)
        }
    }

    func revokeDevice(appId: String, version: String, deviceId: String, at date: Date) async throws {
        try SQLiteText.check(appId, version, deviceId, what: "device id")
        try await write("revoking device \(deviceId)") { db in
            try db.execute(
                sql: """
                    UPDATE devices SET revoked_at = COALESCE(revoked_at, ?)
                    WHERE app_id = ? AND app_version = ? AND device_id = ?
                    """, arguments: [date.storedSeconds, appId, version, deviceId])
            guard db.changesCount == 1 else {
                throw ServerDataError(.notFound, "no device \(deviceId) of app \(appId) version \(version)")
            }
            try db.execute(
                sql: "DELETE FROM push_messages WHERE app_id = ? AND app_version = ? AND device_id = ?",
                arguments: [appId, version, deviceId])
        }
    }

    func templates() async throws -> [PushTemplate] {
        try await read("listing templates") { db in
            try Row.fetchAll(db, sql: "SELECT * FROM templates ORDER BY name").map {
                PushTemplate(name: $0["name"], title: $0["title"], body: $0["body"])
            }
        }
    }

    func deleteTemplate(named name: String) async throws {
        try SQLiteText.check(name, what: "template name")
        try await write("deleting template \(name)") { db in
            try db.execute(sql: "DELETE FROM templates WHERE name = ?", arguments: [name])
            guard db.changesCount == 1 else { throw ServerDataError(.notFound, "no push template named '\(name)'") }
        }
    }

    func deleteGroup(id: String) async throws -> Int {
        try SQLiteText.check(id, what: "group id")
        return try await write("deleting group \(id)") { db in
            try db.execute(sql: "DELETE FROM memberships WHERE group_id = ?", arguments: [id])
            let memberships = db.changesCount
            try db.execute(sql: "DELETE FROM groups WHERE id = ?", arguments: [id])
            guard db.changesCount == 1 else { throw ServerDataError(.notFound, "no group with id \(id)") }
            return memberships
        }
    }
}
