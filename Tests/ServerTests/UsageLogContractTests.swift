import Foundation
import Logging
@testable import StrataServerData
import StrataTestSupport
import Testing

/// The uploaded logs behind `admin logs` and `admin stats`, alike on SQLite and PostgreSQL:
/// the filters, the order, the per-day counts; and each filter read through its index.
@Suite("server usage logs: filters and counts on both engines, through indexes")
struct UsageLogContractTests {
    static let logger = Logger(label: "strata-usage-log-test") { _ in SwiftLogNoOpLogHandler() }
    /// Day 20,000 (2024-10-04) at noon, UTC.
    static let noon = Date(timeIntervalSince1970: 20_000 * 86_400 + 43_200)

    /// Two users over two days: alice's launch and report on day 20,000 and an error the next
    /// day; bob's launch on day 20,000; an old entry on day 19,990.
    static let entries: [StoredLogEntry] = [
        entry("u-alice", "monitor", "app.launched", at: 0, device: "d-a"),
        entry("u-bob", "monitor", "app.launched", at: 60, device: "d-b"),
        entry("u-alice", "monitor", "report.created", at: 120, device: "d-a"),
        entry("u-alice", "error", "error", at: 86_400, device: "d-a"),
        entry("u-old", "monitor", "app.launched", at: -10 * 86_400, device: "d-o"),
    ]

    static func entry(_ user: String, _ level: String, _ kind: String, at offset: Double, device: String) -> StoredLogEntry {
        StoredLogEntry(
            userId: user, level: level, message: kind, metadataJSON: #"{"kind":"\#(kind)"}"#,
            loggedAt: noon.addingTimeInterval(offset), receivedAt: noon.addingTimeInterval(offset + 5), deviceId: device,
            kind: kind)
    }

    @Test("entries keep user, device, kind and times; filters by user, level and time; newest first; the limit holds", arguments: TestEngine.allCases)
    func filters(engine: TestEngine) async throws {
        let data = try await engine.open(directory: TemporaryRoot.directory("usage-logs"), logger: Self.logger)
        let store = try await data.appStore(appId: "org.usage", version: "1")
        let other = try await data.appStore(appId: "org.usage", version: "2")
        try await store.appendLogs(Self.entries)
        try await other.appendLogs([Self.entry("u-carol", "monitor", "app.launched", at: 0, device: "d-c")])

        let all = try await store.logs(LogQuery(limit: 100))
        #expect(all.map(\.kind) == ["error", "report.created", "app.launched", "app.launched", "app.launched"])
        #expect(all.first == Self.entries[3], "every field comes back as stored")
        #expect(try await store.logs(LogQuery(limit: 2)).map(\.message) == ["error", "report.created"])
        #expect(try await store.logs(LogQuery(userId: "u-alice")).map(\.kind) == ["error", "report.created", "app.launched"])
        #expect(try await store.logs(LogQuery(level: "error")).map(\.userId) == ["u-alice"])
        #expect(try await store.logs(LogQuery(since: Self.noon)).count == 4)
        #expect(try await store.logs(LogQuery(level: "monitor", userId: "u-alice", since: Self.noon)).map(\.kind) == ["report.created", "app.launched"])
        #expect(try await store.logs(LogQuery(userId: "u-carol")).isEmpty, "one app version's logs only")
        #expect(try await other.logs(LogQuery()).map(\.deviceId) == ["d-c"])
        try await data.close()
    }

    @Test("stats: each (day, user) once, and entries per day, level and kind, from a day on", arguments: TestEngine.allCases)
    func stats(engine: TestEngine) async throws {
        let data = try await engine.open(directory: TemporaryRoot.directory("usage-stats"), logger: Self.logger)
        let store = try await data.appStore(appId: "org.usage", version: "1")
        try await store.appendLogs(Self.entries)
        let stats = try await store.logStats(sinceDay: 20_000)
        #expect(
            stats.activeUsers == [
                .init(day: 20_000, userId: "u-alice"), .init(day: 20_000, userId: "u-bob"), .init(day: 20_001, userId: "u-alice"),
            ])
        #expect(
            stats.kinds == [
                .init(day: 20_000, level: "monitor", kind: "app.launched", count: 2),
                .init(day: 20_000, level: "monitor", kind: "report.created", count: 1),
                .init(day: 20_001, level: "error", kind: "error", count: 1),
            ])
        #expect(try await store.logStats(sinceDay: 20_002) == StoredLogStats(activeUsers: [], kinds: []))
        try await data.close()
    }

    /// The filters `admin logs` and `admin stats` use, each with the index that must serve it.
    static let sqliteFilters: [(LogQuery, String)] = [
        (LogQuery(limit: 10), "SCAN logs USING INDEX logs_by_time"),
        (LogQuery(since: noon), "SEARCH logs USING INDEX logs_by_time (logged_at>?)"),
        (LogQuery(userId: "u", since: noon), "SEARCH logs USING INDEX logs_by_user (user_id=? AND logged_at>?)"),
        (LogQuery(userId: "u"), "SEARCH logs USING INDEX logs_by_user (user_id=?)"),
        (LogQuery(level: "error", since: noon), "SEARCH logs USING INDEX logs_by_level (level=? AND logged_at>?)"),
    ]

    @Test("SQLite: every filter and both counts read one range of an index; logs are never scanned whole or sorted")
    func sqlitePlans() async throws {
        let directory = TemporaryRoot.directory("usage-log-plan")
        let data = try await ServerDataFactory.sqlite(directory: directory, logger: Self.logger)
        try await data.appStore(appId: "org.plan", version: "1").appendLogs(Self.entries)
        let path = directory.appendingPathComponent("apps/org.plan@1.sqlite").path
        for (query, expected) in Self.sqliteFilters {
            let plan = try PullPlanTests.plan(at: path, sql: SQLiteAppStore.logsSQL(query).0)
            #expect(plan.contains { $0.hasPrefix(expected) }, "\(query): \(plan)")
            #expect(!plan.contains { $0 == "SCAN logs" || $0.contains("TEMP B-TREE") }, "\(query): \(plan)")
        }
        for sql in [SQLiteAppStore.activeUsersSQL, SQLiteAppStore.kindCountsSQL] {
            let plan = try PullPlanTests.plan(at: path, sql: sql)
            #expect(plan.contains { $0.hasPrefix("SEARCH logs USING INDEX logs_by_time (logged_at>?)") }, "\(plan)")
            #expect(!plan.contains { $0 == "SCAN logs" }, "\(plan)")
        }
        try await data.close()
    }

    @Test("PostgreSQL: each filter reads its own index of the app's rows, newest first, without a sort; logs are never scanned")
    func postgresPlans() async throws {
        let url = try await TestPostgres.database()
        let data = try await ServerDataFactory.postgres(url: url, logger: Self.logger)
        try await data.appStore(appId: "org.plan", version: "1").appendLogs(Self.entries)
        try await TestPostgres.execute("ANALYZE logs", in: url)
        let since = "\(Self.noon.timeIntervalSince1970)"
        let cases: [(LogQuery, [String], String)] = [
            (LogQuery(limit: 10), ["10"], "logs_by_time"),
            (LogQuery(since: Self.noon, limit: 10), [since, "10"], "logs_by_time"),
            (LogQuery(userId: "u", since: Self.noon, limit: 10), ["'u'", since, "10"], "logs_by_user"),
            (LogQuery(level: "error", since: Self.noon, limit: 10), ["'error'", since, "10"], "logs_by_level"),
        ]
        for (index, (query, values, expected)) in cases.enumerated() {
            let statement = PostgresAppStore.logsStatement(query, app: "org.plan@1")
            let literals = (["'org.plan@1'"] + values).joined(separator: ", ")
            let plan = try await TestPostgres.query(
                "SET enable_seqscan = off; SET enable_bitmapscan = off; PREPARE logs\(index) AS \(statement.sql); "
                    + "EXPLAIN (COSTS OFF) EXECUTE logs\(index)(\(literals))", in: url)
            #expect(plan.contains("Index Scan Backward using \(expected) on logs"), "\(query): \(plan)")
            #expect(!plan.contains("Seq Scan") && !plan.contains("Sort"), "\(query): \(plan)")
        }
        try await data.close()
    }
}
