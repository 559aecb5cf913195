import Foundation
import GRDB

/// Reading the uploaded logs (`strata-server admin logs` and `admin stats`) through the
/// indexes ``AppSchema/usageLogs(_:)`` made: by user, by level, by time; never every row.
extension SQLiteAppStore {
    /// The columns ``entry(_:)`` reads, in its order.
    static let logColumns = "user_id, level, message, metadata_json, logged_at, received_at, device_id, kind"

    func logs(_ query: LogQuery) async throws -> [StoredLogEntry] {
        try SQLiteText.check(query.level, query.userId, what: "log filter")
        let (sql, arguments) = Self.logsSQL(query)
        return try await database.read("reading log entries") { db in
            try Row.fetchAll(db, sql: sql, arguments: arguments).map(Self.entry)
        }
    }

    /// The SQL and arguments of ``logs(_:)``: the conditions given, newest first. Each
    /// condition leads with an indexed column (`user_id`, `level`, `logged_at`), so the rows
    /// are one range of `logs_by_user`, `logs_by_level` or `logs_by_time`, read in order.
    static func logsSQL(_ query: LogQuery) -> (String, StatementArguments) {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let userId = query.userId {
            conditions.append("user_id = ?")
            arguments += [userId]
        }
        if let level = query.level {
            conditions.append("level = ?")
            arguments += [level]
        }
        if let since = query.since {
            conditions.append("logged_at >= ?")
            arguments += [since.storedSeconds]
        }
        let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
        arguments += [max(query.limit, 0)]
        return ("SELECT \(logColumns) FROM logs\(filter) ORDER BY logged_at DESC, id DESC LIMIT ?", arguments)
    }

    func logStats(sinceDay: Int64) async throws -> StoredLogStats {
        let since = Double(sinceDay) * 86_400
        return try await database.read("counting log entries per day") { db in
            let users = try Row.fetchAll(db, sql: Self.activeUsersSQL, arguments: [since]).map { row in
                StoredLogStats.ActiveUser(day: row[0], userId: row[1])
            }
            let kinds = try Row.fetchAll(db, sql: Self.kindCountsSQL, arguments: [since]).map { row in
                StoredLogStats.KindCount(day: row[0], level: row[1], kind: row[2], count: row[3])
            }
            return StoredLogStats(activeUsers: users, kinds: kinds)
        }
    }

    /// Every (day, user) with an entry logged from `?1` on: one range of `logs_by_time`.
    static let activeUsersSQL = """
        SELECT DISTINCT CAST(logged_at / 86400 AS INTEGER) AS day, user_id FROM logs
        WHERE logged_at >= ? ORDER BY day, user_id
        """

    /// Entries per (day, level, kind) logged from `?1` on: one range of `logs_by_time`.
    static let kindCountsSQL = """
        SELECT CAST(logged_at / 86400 AS INTEGER) AS day, level, kind, COUNT(*) FROM logs
        WHERE logged_at >= ? GROUP BY day, level, kind ORDER BY day, level, kind
        """

    /// The entry of a row of ``logColumns``.
    static func entry(_ row: Row) -> StoredLogEntry {
        StoredLogEntry(
            userId: row[0], level: row[1], message: row[2], metadataJSON: row[3],
            loggedAt: Date(timeIntervalSince1970: row[4]), receivedAt: Date(timeIntervalSince1970: row[5]),
            deviceId: row[6], kind: row[7])
    }
}
