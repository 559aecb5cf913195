import Foundation
import PostgresNIO

/// The admin console's operations (``AdminControlStore``).
extension PostgresControlStore {
    func updateUser(id: String, passwordHash: String?, disabled: Bool?) async throws -> Int {
        try SQLiteText.check(id, passwordHash, what: "user id or password hash")
        return try await database.transaction("updating user \(id)") { connection in
            var update = PostgresStatement()
            update.append(
                """
                UPDATE users SET password_hash = COALESCE(\(update.bind(passwordHash)), password_hash),
                    disabled = COALESCE(\(update.bind(disabled)), disabled)
                WHERE id = \(update.bind(id)) RETURNING 1
                """)
            guard try await connection.rows(update, logger: database.logger).count == 1 else {
                throw ServerDataError(.notFound, "no user with id \(id)")
            }
            // A disabled user's devices hear why at their next request; an enabled one's forget it.
            if let disabled {
                try await Self.revokeSessions(of: id, reason: disabled ? "disabled" : nil, on: connection, logger: database.logger)
            }
            guard passwordHash != nil || disabled == true else { return 0 }
            var delete = PostgresStatement()
            delete.append("DELETE FROM tokens WHERE user_id = \(delete.bind(id)) RETURNING 1")
            return try await connection.rows(delete, logger: database.logger).count
        }
    }

    func deleteUser(id: String) async throws -> (sessions: Int, devices: Int) {
        try SQLiteText.check(id, what: "user id")
        let counts = try await database.transaction("deleting user \(id)") { connection -> [Int] in
            let logger = database.logger
            var lock = PostgresStatement()
            lock.append("SELECT 1 FROM users WHERE id = \(lock.bind(id)) FOR UPDATE")
            guard try await connection.rows(lock, logger: logger).count == 1 else {
                throw ServerDataError(.notFound, "no user with id \(id)")
            }
            try await Self.revokeSessions(of: id, reason: "deleted", on: connection, logger: logger)
            var tokens = PostgresStatement()
            tokens.append("DELETE FROM tokens WHERE user_id = \(tokens.bind(id)) RETURNING 1")
            let sessions = try await connection.rows(tokens, logger: logger).count
            var devices = PostgresStatement()
            devices.append("DELETE FROM devices WHERE user_id = \(devices.bind(id)) RETURNING app_id, app_version, device_id")
            let removed = try await connection.rows(devices, logger: logger)
            // Each device's pending messages, by the device's key (one join over both tables may
            // walk every message).
            for row in removed {
                let (appId, version, deviceId) = try row.decode((String, String, String).self)
                var messages = PostgresStatement()
                messages.append(
                    """
                    DELETE FROM push_messages WHERE app_id = \(messages.bind(appId)) AND app_version = \(messages.bind(version)) \
                    AND device_id = \(messages.bind(deviceId))
                    """)
                try await connection.rows(messages, logger: logger)
            }
            let deviceCount = removed.count
            var memberships = PostgresStatement()
            memberships.append("DELETE FROM memberships WHERE user_id = \(memberships.bind(id))")
            try await connection.rows(memberships, logger: logger)
            var user = PostgresStatement()
            user.append("DELETE FROM users WHERE id = \(user.bind(id))")
            try await connection.rows(user, logger: logger)
            return [sessions, deviceCount]
        }
        return (counts[0], counts[1])
    }

    func tokens(userId: String?) async throws -> [TokenRecord] {
        try SQLiteText.check(userId, what: "user id")
        return try await run("listing sessions") {
            $0.append("SELECT token_hash, user_id, app_id, app_version, valid_until FROM tokens")
            if let userId {
                $0.append(" WHERE user_id = \($0.bind(userId)) ORDER BY valid_until, token_hash COLLATE \"C\"")
            } else {
                $0.append(" ORDER BY user_id COLLATE \"C\", valid_until, token_hash COLLATE \"C\"")
            }
        }.map {
            let (tokenHash, userId, appId, appVersion, validUntil) = try $0.decode((String, String, String, String, Double).self)
            return TokenRecord(
                tokenHash: tokenHash, userId: userId, appId: appId, appVersion: appVersion,
                validUntil: Date(storedSeconds: validUntil))
        }
    }

    func deleteTokens(userId: String) async throws -> Int {
        try SQLiteText.check(userId, what: "user id")
        return try await run("ending the sessions of user \(userId)") {
            $0.append("DELETE FROM tokens WHERE user_id = \($0.bind(userId)) RETURNING 1")
        }.count
    }

    func allDevices() async throws -> [DeviceRecord] {
        try await run("listing devices") {
            $0.append(
                """
                SELECT \(Self.deviceColumns) FROM devices
                ORDER BY app_id COLLATE "C", app_version COLLATE "C", device_id COLLATE "C"
                """)
        }.map(Self.device)
    }

    func revokeDevice(appId: String, version: String, deviceId: String, at date: Date) async throws {
        try SQLiteText.check(appId, version, deviceId, what: "device id")
        try await database.transaction("revoking device \(deviceId)") { connection in
            var update = PostgresStatement()
            update.append(
                """
                UPDATE devices SET revoked_at = COALESCE(revoked_at, \(update.bind(date.storedSeconds)))
                WHERE app_id = \(update.bind(appId)) AND app_version = \(update.bind(version)) \
                AND device_id = \(update.bind(deviceId)) RETURNING 1
                """)
            guard try await connection.rows(update, logger: database.logger).count == 1 else {
                throw ServerDataError(.notFound, "no device \(deviceId) of app \(appId) version \(version)")
            }
            var delete = PostgresStatement()
            delete.append(
                """
                DELETE FROM push_messages WHERE app_id = \(delete.bind(appId)) AND app_version = \(delete.bind(version)) \
                AND device_id = \(delete.bind(deviceId))
                """)
            try await connection.rows(delete, logger: database.logger)
        }
    }

    func templates() async throws -> [PushTemplate] {
        try await run("listing templates") {
            $0.append("SELECT name, title, body FROM templates ORDER BY name COLLATE \"C\"")
        }.map {
            let (name, title, body) = try $0.decode((String, String, String).self)
            return PushTemplate(name: name, title: title, body: body)
        }
    }

    func deleteTemplate(named name: String) async throws {
        try SQLiteText.check(name, what: "template name")
        let rows = try await run("deleting template \(name)") {
            $0.append("DELETE FROM templates WHERE name = \($0.bind(name)) RETURNING 1")
        }
        guard rows.count == 1 else { throw ServerDataError(.notFound, "no push template named '\(name)'") }
    }

    func deleteGroup(id: String) async throws -> Int {
        try SQLiteText.check(id, what: "group id")
        return try await database.transaction("deleting group \(id)") { connection in
            var memberships = PostgresStatement()
            memberships.append("DELETE FROM memberships WHERE group_id = \(memberships.bind(id)) RETURNING 1")
            let removed = try await connection.rows(memberships, logger: database.logger).count
            var group = PostgresStatement()
            group.append("DELETE FROM groups WHERE id = \(group.bind(id)) RETURNING 1")
            guard try await connection.rows(group, logger: database.logger).count == 1 else {
                throw ServerDataError(.notFound, "no group with id \(id)")
            }
            return removed
        }
    }
}
