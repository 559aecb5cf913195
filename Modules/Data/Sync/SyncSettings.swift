import Foundation

/// The sync engine's facts in `_strata_settings` (keys start with `sync.`): the last sync,
/// the last error, connectivity, the server, each type's pull cursor, each user's device and
/// its push cursor.
struct SyncSettings: Sendable {
    static let server = "sync.server"
    static let connectivity = "sync.connectivity"
    static let lastSyncAt = "sync.lastSyncAt"
    static let lastError = "sync.lastError"
    static let lastErrorAt = "sync.lastErrorAt"

    /// The device id made for `userID` on this store: each user of a shared store is a device
    /// of their own on the server, which never hands one user's device to another.
    static func deviceID(for userID: String) -> String { "sync.deviceId.\(userID)" }
    /// Set (to `1`) once `userID`'s device is registered with the server.
    static func deviceRegistered(for userID: String) -> String { "sync.deviceRegistered.\(userID)" }
    /// The last push message handled on device `deviceID` (see
    /// `SyncEngine.acknowledgePushMessages(through:)`).
    static func pushCursor(_ deviceID: String) -> String { "sync.pushCursor.\(deviceID)" }

    /// The key of `typeName`'s pull cursor.
    static func cursor(_ typeName: String) -> String { "sync.cursor.\(typeName)" }

    let database: SQLiteDatabase

    /// Every `sync.` setting (empty when a read-only store has no settings table yet).
    func all() throws -> [String: String] {
        try database.withState { state in
            let connection = state.connection
            let exists = try connection.integer(
                #"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '_strata_settings'"#)
            guard exists > 0 else { return [:] }
            return try connection.withStatement(#"SELECT "key", "value" FROM "_strata_settings" WHERE "key" LIKE 'sync.%'"#) {
                statement in
                var values: [String: String] = [:]
                while try statement.step() { values[statement.text(at: 0)] = statement.text(at: 1) }
                return values
            }
        }
    }

    /// One setting.
    func value(_ key: String) throws -> String? {
        try all()[key]
    }

    /// Sets (or, for `nil`, removes) settings in one write transaction.
    func set(_ values: [String: String?]) throws {
        try database.write { state in try Self.set(values, in: state.connection) }
    }

    /// Sets settings inside the caller's write transaction.
    static func set(_ values: [String: String?], in connection: SQLiteConnection) throws {
        for (key, value) in values {
            if let value {
                try connection.withStatement(
                    #"INSERT INTO "_strata_settings" ("key", "value") VALUES (?1, ?2) "#
                        + #"ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value""#
                ) { statement in
                    statement.bind(key, at: 1)
                    statement.bind(value, at: 2)
                    try statement.step()
                }
            } else {
                try connection.withStatement(#"DELETE FROM "_strata_settings" WHERE "key" = ?1"#) { statement in
                    statement.bind(key, at: 1)
                    try statement.step()
                }
            }
        }
    }

    /// How many changes wait (`pending` + `inFlight`) and how many were rejected, without
    /// opening their payloads (so a reader without the key can count them).
    func journalCounts() throws -> (pending: Int, rejected: Int) {
        try database.withState { state in
            let connection = state.connection
            let exists = try connection.integer(
                #"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '_strata_journal'"#)
            guard exists > 0 else { return (0, 0) }
            let rejected = try connection.integer(#"SELECT count(*) FROM "_strata_journal" WHERE "state" = 'rejected'"#)
            let all = try connection.integer(#"SELECT count(*) FROM "_strata_journal""#)
            return (Int(all - rejected), Int(rejected))
        }
    }

    /// A stored instant (seconds since 1970) as a date.
    static func date(_ text: String?) -> Date? {
        text.flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }
}
