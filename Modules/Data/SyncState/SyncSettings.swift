#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The sync engine's facts in `_strata_settings` (keys start with `sync.`, see
/// `SyncStateKey`), read and written on one connection.
enum SyncSettings {
    /// Every `sync.` setting (empty when a read-only store has no settings table yet).
    static func all(in connection: SQLiteConnection) throws -> [String: String] {
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

    /// One setting (`nil` when unset or when a read-only store has no settings table yet).
    static func value(_ key: String, in connection: SQLiteConnection) throws -> String? {
        let exists = try connection.integer(
            #"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '_strata_settings'"#)
        guard exists > 0 else { return nil }
        return try connection.withStatement(#"SELECT "value" FROM "_strata_settings" WHERE "key" = ?1"#) { statement in
            statement.bind(key, at: 1)
            return try statement.step() ? statement.text(at: 0) : nil
        }
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

    /// How many changes wait (`pending`, claimed or not) and how many were rejected, without
    /// opening their payloads (so a reader without the key can count them): two rows of
    /// `_strata_counts` (``StoreCounts``), or `count(*)` on a store written before format 5.
    static func journalCounts(in connection: SQLiteConnection) throws -> (pending: Int, rejected: Int) {
        let exists = try connection.integer(
            #"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = '_strata_journal'"#)
        guard exists > 0 else { return (0, 0) }
        if let kept = try StoreCounts.journalCounts(in: connection) { return (kept.all - kept.rejected, kept.rejected) }
        let rejected = try connection.integer(#"SELECT count(*) FROM "_strata_journal" WHERE "state" = 'rejected'"#)
        let all = try connection.integer(#"SELECT count(*) FROM "_strata_journal""#)
        return (Int(all - rejected), Int(rejected))
    }

    /// A stored instant (seconds since 1970) as a date.
    static func date(_ text: String?) -> Date? {
        text.flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }
}
