import Foundation
import PostgresNIO

/// Devices, push messages, their channels and templates.
extension PostgresControlStore {
    func registerDevice(_ device: DeviceRecord) async throws {
        try SQLiteText.check(
            device.appId, device.appVersion, device.deviceId, device.userId, device.name, what: "device id or name")
        try await run("device \(device.deviceId)") {
            $0.append(
                """
                INSERT INTO devices (app_id, app_version, device_id, user_id, name, registered_at)
                VALUES (\($0.bind(device.appId)), \($0.bind(device.appVersion)), \($0.bind(device.deviceId)), \
                \($0.bind(device.userId)), \($0.bind(device.name)), \($0.bind(device.registeredAt.storedSeconds)))
                ON CONFLICT (app_id, app_version, device_id) DO UPDATE SET
                    user_id = EXCLUDED.user_id, name = EXCLUDED.name, registered_at = EXCLUDED.registered_at
                """)
        }
    }

    func device(appId: String, version: String, deviceId: String) async throws -> DeviceRecord? {
        try SQLiteText.check(appId, version, deviceId, what: "device id")
        return try await run("reading device \(deviceId)") {
            $0.append(
                """
                SELECT \(Self.deviceColumns) FROM devices
                WHERE app_id = \($0.bind(appId)) AND app_version = \($0.bind(version)) AND device_id = \($0.bind(deviceId))
                """)
        }.first.map(Self.device)
    }

    func devices(userIds: [String]) async throws -> [DeviceRecord] {
        let userIds = userIds.filter { !$0.utf8.contains(0) }
        guard !userIds.isEmpty else { return [] }
        return try await run("listing devices") {
            $0.append(
                """
                SELECT \(Self.deviceColumns) FROM devices WHERE user_id = ANY(\($0.bind(userIds)))
                ORDER BY app_id COLLATE "C", app_version COLLATE "C", device_id COLLATE "C"
                """)
        }.map(Self.device)
    }

    static let deviceColumns = "app_id, app_version, device_id, user_id, name, registered_at, revoked_at"

    static func device(_ row: PostgresRow) throws -> DeviceRecord {
        let (appId, appVersion, deviceId, userId, name, registeredAt, revokedAt) = try row.decode(
            (String, String, String, String, String, Double, Double?).self)
        return DeviceRecord(
            appId: appId, appVersion: appVersion, deviceId: deviceId, userId: userId, name: name,
            registeredAt: Date(storedSeconds: registeredAt), revokedAt: revokedAt.map(Date.init(storedSeconds:)))
    }

    func appendPushMessages(_ messages: [NewPushMessage]) async throws -> [StoredPushMessage] {
        for message in messages { try SQLiteText.check(message.id, message.title, message.body, what: "push title or body") }
        guard !messages.isEmpty else { return [] }
        return try await database.transaction("push messages") { connection in
            var stored: [StoredPushMessage] = []
            for message in messages {
                var insert = PostgresStatement()
                insert.append(
                    """
                    INSERT INTO push_messages (app_id, app_version, device_id, id, title, body, sent_at)
                    VALUES (\(insert.bind(message.device.appId)), \(insert.bind(message.device.appVersion)), \
                    \(insert.bind(message.device.deviceId)), \(insert.bind(message.id)), \(insert.bind(message.title)), \
                    \(insert.bind(message.body)), \(insert.bind(message.sentAt.storedSeconds)))
                    RETURNING sequence
                    """)
                let sequence = try await connection.rows(insert, logger: database.logger).first?.decode(Int64.self) ?? 0
                stored.append(
                    StoredPushMessage(
                        sequence: sequence, deviceId: message.device.deviceId, id: message.id, title: message.title,
                        body: message.body, sentAt: message.sentAt))
            }
            // Delivered to every listener (every instance) when this transaction commits, not before.
            try await connection.rows(
                PostgresPushListener.notifyStatement(
                    messages.map { PushChannel(appId: $0.device.appId, appVersion: $0.device.appVersion, deviceId: $0.device.deviceId) }),
                logger: database.logger)
            return stored
        }
    }

    func pushMessages(appId: String, version: String, deviceId: String, after sequence: Int64, limit: Int) async throws
        -> [StoredPushMessage]
    {
        try SQLiteText.check(appId, version, deviceId, what: "device id")
        return try await run("reading the messages of device \(deviceId)") {
            $0.append(
                """
                SELECT sequence, device_id, id, title, body, sent_at FROM push_messages
                WHERE app_id = \($0.bind(appId)) AND app_version = \($0.bind(version)) AND device_id = \($0.bind(deviceId))
                AND sequence > \($0.bind(sequence)) ORDER BY sequence LIMIT \($0.bind(Int64(limit)))
                """)
        }.map {
            let (sequence, deviceId, id, title, body, sentAt) = try $0.decode((Int64, String, String, String, String, Double).self)
            return StoredPushMessage(
                sequence: sequence, deviceId: deviceId, id: id, title: title, body: body, sentAt: Date(storedSeconds: sentAt))
        }
    }

    func latestPushSequence() async throws -> Int64 {
        try await run("reading the newest push message") {
            // The newest key's entry (an aggregate may read every entry of an index instead).
            $0.append("SELECT sequence FROM push_messages ORDER BY sequence DESC LIMIT 1")
        }.first?.decode(Int64.self) ?? 0
    }

    func pushChannels(after sequence: Int64) async throws -> (channels: [PushChannel], latest: Int64) {
        let rows = try await run("reading the push channels with new messages") {
            $0.append(
                """
                SELECT app_id, app_version, device_id, MAX(sequence) FROM push_messages
                WHERE sequence > \($0.bind(sequence)) GROUP BY app_id, app_version, device_id
                """)
        }
        var channels: [PushChannel] = []
        var latest = sequence
        for row in rows {
            let (appId, appVersion, deviceId, newest) = try row.decode((String, String, String, Int64).self)
            channels.append(PushChannel(appId: appId, appVersion: appVersion, deviceId: deviceId))
            latest = max(latest, newest)
        }
        return (channels, latest)
    }

    func saveTemplate(_ template: PushTemplate) async throws {
        try SQLiteText.check(template.name, template.title, template.body, what: "template name, title or body")
        try await run("template \(template.name)") {
            $0.append(
                """
                INSERT INTO templates (name, title, body) VALUES (\($0.bind(template.name)), \($0.bind(template.title)), \
                \($0.bind(template.body))) ON CONFLICT (name) DO UPDATE SET title = EXCLUDED.title, body = EXCLUDED.body
                """)
        }
    }

    func template(named name: String) async throws -> PushTemplate? {
        try SQLiteText.check(name, what: "template name")
        return try await run("reading template \(name)") {
            $0.append("SELECT name, title, body FROM templates WHERE name = \($0.bind(name))")
        }.first.map {
            let (name, title, body) = try $0.decode((String, String, String).self)
            return PushTemplate(name: name, title: title, body: body)
        }
    }
}
