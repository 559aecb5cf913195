#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataMaintenance
import StrataStore

/// The live `DiagnosticLog`: rows in `_strata_log`, gated by the collection level kept in
/// `_strata_settings` under ``levelKey``. Nothing is printed.
///
/// The level is read from the store on every call (one primary-key lookup), so a level set
/// by another process (the sync engine applying the server's setting) applies at once.
final class SQLiteDiagnosticLog: DiagnosticLog {
    /// The `_strata_settings` key holding the collection level's name (`none`, `error`, `monitor`).
    static let levelKey = "log.collectionLevel"
    /// The level in force until one is set.
    static let defaultLevel = LogCollectionLevel.error

    private let database: SQLiteDatabase

    init(database: SQLiteDatabase) {
        self.database = database
    }

    @discardableResult
    func logError(_ message: String, metadata: [String: String]) async throws -> Bool {
        try await record(.error, message, metadata)
    }

    @discardableResult
    func logMonitor(_ message: String, metadata: [String: String]) async throws -> Bool {
        try await record(.monitor, message, metadata)
    }

    func collectionLevel() async throws -> LogCollectionLevel {
        try await database.perform { [self] state in try Self.level(in: state.connection, readOnly: database.mode == .readOnly) }
    }

    func setCollectionLevel(_ level: LogCollectionLevel) async throws {
        try await database.performWrite { state in
            try state.connection.withStatement(
                #"INSERT INTO "_strata_settings" ("key", "value") VALUES (?1, ?2) "#
                    + #"ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value""#
            ) { statement in
                statement.bind(Self.levelKey, at: 1)
                statement.bind(Self.name(of: level), at: 2)
                try statement.step()
            }
            // As the seed says: what the new level no longer collects is deleted, not kept for later.
            try state.connection.withStatement(#"DELETE FROM "_strata_log" WHERE "level" > ?1"#) { statement in
                statement.bind(.integer(Int64(level.rawValue)), at: 1)
                try statement.step()
            }
        }
    }

    func entries(limit: Int?) async throws -> [LogEntry] {
        if let limit, limit < 0 {
            throw DataError(.invalidQuery, "the log entry limit must be 0 or more, not \(limit)")
        }
        return try await database.perform { [self] state in
            let connection = state.connection
            if database.mode == .readOnly, try !Self.tableExists("_strata_log", in: connection) { return [] }
            let sql = #"SELECT "sequence", "level", "message", "metadata", "loggedAt" FROM "_strata_log" "#
                + #"ORDER BY "sequence" LIMIT ?1"#
            return try connection.withStatement(sql) { statement in
                statement.bind(.integer(Int64(limit ?? -1)), at: 1)
                var entries: [LogEntry] = []
                while try statement.step() {
                    entries.append(try Self.entry(from: statement, path: connection.path))
                }
                return entries
            }
        }
    }

    func removeEntries(through sequence: Int64) async throws {
        try await database.performWrite { state in
            try state.connection.withStatement(#"DELETE FROM "_strata_log" WHERE "sequence" <= ?1"#) { statement in
                statement.bind(.integer(sequence), at: 1)
                try statement.step()
            }
        }
    }

    /// Keeps one entry when the collection level allows `level`; returns whether it was kept.
    ///
    /// The gate is checked before the write, so a dropped entry costs one read and takes no
    /// write lock, and again inside it. A kept entry on a read-only store is a `readOnly` error.
    private func record(_ level: LogCollectionLevel, _ message: String, _ metadata: [String: String]) async throws -> Bool {
        guard try await collectionLevel() >= level else { return false }
        let metadataText = try Self.encode(metadata)
        let loggedAt = database.clock.now().timeIntervalSince1970
        return try await database.performWrite { state in
            // Checked again under the write lock: a level lowered since (which deleted what it
            // no longer collects) is never followed by an entry it would have deleted.
            guard try Self.level(in: state.connection, readOnly: false) >= level else { return false }
            try state.connection.withStatement(
                #"INSERT INTO "_strata_log" ("level", "message", "metadata", "loggedAt") VALUES (?1, ?2, ?3, ?4)"#
            ) { statement in
                statement.bind(.integer(Int64(level.rawValue)), at: 1)
                statement.bind(message, at: 2)
                statement.bind(metadataText, at: 3)
                statement.bind(.real(loggedAt), at: 4)
                try statement.step()
            }
            return true
        }
    }
}
