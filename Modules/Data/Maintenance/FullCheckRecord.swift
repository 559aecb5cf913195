#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging

/// When every page of the store was last read and found sound (`PRAGMA quick_check` or
/// `integrity_check`): one row of `_strata_settings`, so every process sees when the last full
/// check ran, whichever process ran it (`strata-host store check`, or strata-notifyd's
/// scheduled check, ``SQLiteStoreMaintenance/checkIfDue(every:)``).
enum FullCheckRecord {
    /// The `_strata_settings` key: seconds since 1970, as text (as the sync engine's instants).
    static let key = "store.lastFullCheck"

    /// When the last full check found the store sound, or `nil` (never, or a store with no
    /// settings table yet).
    static func last(in connection: SQLiteConnection) throws -> Date? {
        let exists = try connection.integer(
            #"SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '_strata_settings'"#)
        guard exists > 0 else { return nil }
        let text = try connection.withStatement(#"SELECT "value" FROM "_strata_settings" WHERE "key" = ?1"#) { statement in
            statement.bind(key, at: 1)
            return try statement.step() ? statement.text(at: 0) : nil
        }
        return text.flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }

    /// Records `date` as the last sound full check of the store at `path`, on a write
    /// connection of its own (the check itself reads only). Best effort: a store that cannot
    /// be written now (a lock held past the busy timeout, a read-only folder) keeps its older
    /// time, so the check is simply due again sooner; said at debug level.
    static func record(_ date: Date, storePath path: String, logger: Logger) {
        do {
            let connection = try SQLiteConnection(path: path, access: .readWrite)
            try connection.writeTransaction {
                let exists = try connection.integer(
                    #"SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = '_strata_settings'"#)
                // A store with no settings table yet is left as it is: only migrations make tables.
                guard exists > 0 else { return }
                try connection.withStatement(
                    #"INSERT INTO "_strata_settings" ("key", "value") VALUES (?1, ?2) "#
                        + #"ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value""#
                ) { statement in
                    statement.bind(key, at: 1)
                    statement.bind(String(date.timeIntervalSince1970), at: 2)
                    try statement.step()
                }
            }
        } catch {
            logger.debug("cannot record the full check's time", metadata: ["path": "\(path)", "error": "\(error)"])
        }
    }
}
