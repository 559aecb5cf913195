import Foundation
import PostgresNIO

/// Reading the uploaded logs (`strata-server admin logs` and `admin stats`) of this app
/// version through the indexes ``PostgresSchema/usageLogs`` made: each starts with `app`, then
/// the user, the level or the time, so a filter reads one range, never the table.
extension PostgresAppStore {
    /// The columns ``entry(_:)`` reads, in its order.
    static let logColumns = "user_id, level, message, metadata_json, logged_at, received_at, device_id, kind"

    func logs(_ query: LogQuery) async throws -> [StoredLogEntry] {
        try SQLiteText.check(query.level, query.userId, what: "log filter")
        return try await database.rows("reading log entries", Self.logsStatement(query, app: app)).map(Self.entry)
    }

    /// The statement of ``logs(_:)``: the conditions given, newest first.
    static func logsStatement(_ query: LogQuery, app: String) -> PostgresStatement {
        var statement = PostgresStatement()
        statement.append("SELECT \(logColumns) FROM logs WHERE app = \(statement.bind(app))")
        if let userId = query.userId { statement.append(" AND user_id = \(statement.bind(userId))") }
        if let level = query.level { statement.append(" AND level = \(statement.bind(level))") }
        if let since = query.since { statement.append(" AND logged_at >= \(statement.bind(since.storedSeconds))") }
        statement.append(" ORDER BY logged_at DESC, id DESC LIMIT \(statement.bind(Int64(max(query.limit, 0))))")
        return statement
    }

    func logStats(sinceDay: Int64) async throws -> StoredLogStats {
        let since = Double(sinceDay) * 86_400
        var users = PostgresStatement()
        users.append(
            """
            SELECT DISTINCT floor(logged_at / 86400)::BIGINT AS day, user_id FROM logs
            WHERE app = \(users.bind(app)) AND logged_at >= \(users.bind(since)) ORDER BY day, user_id
            """)
        var kinds = PostgresStatement()
        kinds.append(
            """
            SELECT floor(logged_at / 86400)::BIGINT AS day, level, kind, COUNT(*)::BIGINT FROM logs
            WHERE app = \(kinds.bind(app)) AND logged_at >= \(kinds.bind(since))
            GROUP BY day, level, kind ORDER BY day, level, kind
            """)
        let activeUsers = try await database.rows("counting active users per day", users).map { row in
            let (day, userId) = try row.decode((Int64, String).self)
            return StoredLogStats.ActiveUser(day: day, userId: userId)
        }
        let counts = try await database.rows("counting log entries per day", kinds).map { row in
            let (day, level, kind, count) = try row.decode((Int64, String, String, Int64).self)
            return StoredLogStats.KindCount(day: day, level: level, kind: kind, count: Int(count))
        }
        return StoredLogStats(activeUsers: activeUsers, kinds: counts)
    }

    /// The entry of a row of ``logColumns``.
    static func entry(_ row: PostgresRow) throws -> StoredLogEntry {
        let (userId, level, message, metadata, loggedAt, receivedAt, deviceId, kind) = try row.decode(
            (String, String, String, String, Double, Double, String, String).self)
        return StoredLogEntry(
            userId: userId, level: level, message: message, metadataJSON: metadata,
            loggedAt: Date(timeIntervalSince1970: loggedAt), receivedAt: Date(timeIntervalSince1970: receivedAt),
            deviceId: deviceId, kind: kind)
    }
}
