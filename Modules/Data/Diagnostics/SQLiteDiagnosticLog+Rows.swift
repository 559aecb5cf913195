#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataMaintenance
import StrataStore

/// Reading and writing the stored forms: the level's name in `_strata_settings`, a row of
/// `_strata_log`, metadata as a JSON object of strings.
extension SQLiteDiagnosticLog {
    /// The persisted collection level, or ``defaultLevel`` when none was set (or, for a
    /// read-only opener of an older store, when the settings table does not exist yet).
    static func level(in connection: SQLiteConnection, readOnly: Bool) throws -> LogCollectionLevel {
        if readOnly, try !tableExists("_strata_settings", in: connection) { return defaultLevel }
        let stored: String? = try connection.withStatement(
            #"SELECT "value" FROM "_strata_settings" WHERE "key" = ?1"#
        ) { statement in
            statement.bind(levelKey, at: 1)
            return try statement.step() ? statement.text(at: 0) : nil
        }
        guard let stored else { return defaultLevel }
        guard let level = LogCollectionLevel.allCases.first(where: { name(of: $0) == stored }) else {
            let accepted = LogCollectionLevel.allCases.map(name(of:)).joined(separator: ", ")
            throw DataError(
                .typeMismatch,
                "the setting \(levelKey) in \(connection.path) is \"\(stored)\"; expected one of: \(accepted)")
        }
        return level
    }

    /// The stored name of a level.
    static func name(of level: LogCollectionLevel) -> String {
        switch level {
        case .none: "none"
        case .error: "error"
        case .monitor: "monitor"
        }
    }

    /// Whether an internal table exists (read-only openers of an older store may lack it).
    static func tableExists(_ name: String, in connection: SQLiteConnection) throws -> Bool {
        try connection.withStatement("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?1") { statement in
            statement.bind(name, at: 1)
            return try statement.step() && statement.int64(at: 0) > 0
        }
    }

    /// Metadata as compact JSON with sorted keys.
    static func encode(_ metadata: [String: String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            return String(decoding: try encoder.encode(metadata), as: UTF8.self)
        } catch {
            throw DataError(.invalidQuery, "cannot encode log metadata \(metadata) as JSON: \(error)")
        }
    }

    /// One `_strata_log` row (`sequence`, `level`, `message`, `metadata`, `loggedAt`).
    static func entry(from statement: SQLiteStatement, path: String) throws -> LogEntry {
        let sequence = statement.int64(at: 0)
        let rawLevel = statement.int64(at: 1)
        guard let level = LogCollectionLevel(rawValue: Int(rawLevel)), level != .none else {
            throw DataError(
                .typeMismatch, "log entry \(sequence) in \(path) has level \(rawLevel); expected 1 (error) or 2 (monitor)")
        }
        let metadataText = statement.text(at: 3)
        guard let metadata = try? JSONDecoder().decode([String: String].self, from: Data(metadataText.utf8)) else {
            throw DataError(
                .typeMismatch, "log entry \(sequence) in \(path) has metadata \(metadataText); expected a JSON object of strings")
        }
        let seconds: Double
        switch statement.value(at: 4) {
        case .real(let value): seconds = value
        case .integer(let value): seconds = Double(value)
        default:
            throw DataError(.typeMismatch, "log entry \(sequence) in \(path) has no loggedAt time; expected seconds since 1970")
        }
        return LogEntry(
            sequence: sequence, level: level, message: statement.text(at: 2), metadata: metadata,
            loggedAt: Date(timeIntervalSince1970: seconds))
    }
}
