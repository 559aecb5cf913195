import Foundation
import GRDB

extension SQLiteControlStore {
    func registerDevice(_ device: DeviceRecord) async throws {
        try SQLiteText.check(
            device.appId, device.appVersion, device.deviceId, device.userId, device.name, what: "device id or name")
        try await write("device \(device.deviceId)") { db in
            try db.execute(
                sql: """
                    INSERT INTO devices (app_id, app_version, device_id, user_id, name, registered_at)
                    VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT (app_id, app_version, device_id) DO UPDATE SET
                        user_id = excluded.user_id, name = excluded.name, registered_at = excluded.registered_at
                    """,
                arguments: [
                    device.appId, device.appVersion, device.deviceId, device.userId, device.name,
                    device.registeredAt.storedSeconds,
                ])
        }
    }

    func device(appId: String, version: String, deviceId: String) async throws -> DeviceRecord? {
        try SQLiteText.check(appId, version, deviceId, what: "device id")
        return try await read("reading device \(deviceId)") { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM devices WHERE app_id = ? AND app_version = ? AND device_id = ?",
                arguments: [appId, version, deviceId]
            ).map(Self.device)
        }
    }

    func devices(userIds: [String]) async throws -> [DeviceRecord] {
        guard !userIds.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: userIds.count).joined(separator: ", ")
        return try await read("listing devices") { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM devices WHERE user_id IN (\(marks)) ORDER BY app_id, app_version, device_id",
                arguments: StatementArguments(userIds)
            ).map(Self.device)
        }
    }

    static func device(_ row: Row) -> DeviceRecord {
        DeviceRecord(
            appId: row["app_id"], appVersion: row["app_version"], deviceId: row["device_id"], userId: row["user_id"],
            name: row["name"], registeredAt: Date(storedSeconds: row["registered_at"]),
            revokedAt: (row["revoked_at"] as Double?).map(Date.init(storedSeconds:)))
    }

    func appendPushMessages(_ messages: [NewPushMessage]) async throws -> [StoredPushMessage] {
        for message in messages { try SQLiteText.check(message.id, message.title, message.body, what: "push title or body") }
        return try await write("push messages") { db in
            try messages.map { message in
                try db.execute(
                    sql: """
                        INSERT INTO push_messages (app_id, app_version, device_id, id, title, body, sent_at)
                        VALUES (?, ?, ?, ?, ?, ?, ?)
                        """,
                    arguments: [
                        message.device.appId, message.device.appVersion, message.device.deviceId, message.id,
                        message.title, message.body, message.sentAt.storedSeconds,
                    ])
                return StoredPushMessage(
                    sequence: db.lastInsertedRowID, deviceId: message.device.deviceId, id: message.id,
                    title: message.title, body: message.body, sentAt: message.sentAt)
            }
        }
    }

    func pushMessages(appId: String, version: String, deviceId: String, after sequence: Int64, limit: Int) async throws
        -> [StoredPushMessage]
    {
        try SQLiteText.check(appId, version, deviceId, what: "device id")
        return try await read("reading the messages of device \(deviceId)") { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT * FROM push_messages WHERE app_id = ? AND app_version = ? AND device_id = ? AND sequence > ?
                    ORDER BY sequence LIMIT ?
                    """, arguments: [appId, version, deviceId, sequence, limit]
            ).map {
                StoredPushMessage(
                    sequence: $0["sequence"], deviceId: $0["device_id"], id: $0["id"], title: $0["title"],
                    body: $0["body"], sentAt: Date(storedSeconds: $0["sent_at"]))
            }
        }
    }

    func saveTemplate(_ template: PushTemplate) async throws {
        try SQLiteText.check(template.name, template.title, template.body, what: "template name, title or body")
        try await write("template \(template.name)") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO templates (name, title, body) VALUES (?, ?, ?)",
                arguments: [template.name, template.title, template.body])
        }
    }

    func template(named name: String) async throws -> PushTemplate? {
        try SQLiteText.check(name, what: "template name")
        return try await read("reading template \(name)") { db in
            try Row.fetchOne(db, sql: "SELECT * FROM templates WHERE name = ?", arguments: [name]).map {
                PushTemplate(name: $0["name"], title: $0["title"], body: $0["body"])
            }
        }
    }
}
