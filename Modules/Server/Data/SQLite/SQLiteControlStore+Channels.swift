import GRDB

extension SQLiteControlStore {
    func latestPushSequence() async throws -> Int64 {
        try await read("reading the newest push message") { db in
            try Int64.fetchOne(db, sql: "SELECT MAX(sequence) FROM push_messages") ?? 0
        }
    }

    func pushChannels(after sequence: Int64) async throws -> (channels: [PushChannel], latest: Int64) {
        // `sequence` is the table's rowid: the range is read by key, usually finding nothing.
        // NOT INDEXED keeps SQLite from scanning all of push_messages_device instead (it holds
        // the groups in order, which the planner prefers to sorting the few new rows).
        try await read("reading the push channels with new messages") { db in
            let rows = try Row.fetchAll(
                db,
                sql: """
                    SELECT app_id, app_version, device_id, MAX(sequence) AS latest FROM push_messages NOT INDEXED
                    WHERE sequence > ? GROUP BY app_id, app_version, device_id
                    """, arguments: [sequence])
            let channels = rows.map {
                PushChannel(appId: $0["app_id"], appVersion: $0["app_version"], deviceId: $0["device_id"])
            }
            return (channels, rows.map { $0["latest"] as Int64 }.max() ?? sequence)
        }
    }
}

extension SQLiteControlStore {
    /// One process serves an SQLite data directory: the pushing process woke its own polls.
    func announce(_ wake: DataWake) async throws {}
}
