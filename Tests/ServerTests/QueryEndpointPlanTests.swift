import Foundation
@testable import StrataServerData
import StrataTestSupport
import StrataWire
import Testing

/// The query endpoint (`POST /v1/objects/{type}/query`) filters and sorts on JSON fields, which
/// no index covers: its plan reads the asked type's rows of one index range (SQLite: one app's
/// file, `type_name = ?`; PostgreSQL: `app = ? AND type_name = ?`), never other apps' or other
/// types' rows, and never the whole table. Pinned for every kind of condition and sort.
@Suite("server query plans: a query reads only its app's and type's rows")
struct QueryEndpointPlanTests {
    static let queries: [ObjectQuery] = {
        func query(_ conditions: [ObjectQuery.Condition], _ sort: [ObjectQuery.SortKey] = [], limit: Int = 50, offset: Int = 0)
            -> ObjectQuery
        {
            ObjectQuery(typeName: "Case", conditions: conditions, sortKeys: sort, limit: limit, offset: offset)
        }
        return [
            query([]),
            query([.init(key: "n", op: .eq, values: [.integer(3)])]),
            query([.init(key: "n", op: .ge, values: [.integer(3)])], [.init(key: "n", descending: true)], offset: 100),
            query([.init(key: "ward", op: .in, values: [.text("a"), .text("b"), .null])], [.init(key: "ward", descending: false)]),
            query([.init(key: "ward", op: .like, values: [.text("w%")])]),
            query([.init(key: "objectId", op: .eq, values: [.text("c7")])]),
            query([], [.init(key: "objectId", descending: true)], limit: 10, offset: 30),
        ]
    }()

    static let callers = [ObjectVisibility(userId: "me", groupIds: []), ObjectVisibility(userId: "me", groupIds: ["g-mine", "g-x"])]

    /// Rows of `Case` and of another type, so the plans have something to choose between.
    static func fill(_ store: any AppObjectStore) async throws {
        try await store.write { transaction in
            for index in 0..<400 {
                let object = StoredObject(
                    typeName: index % 4 == 0 ? "Other" : "Case", objectId: "c\(index)",
                    values: ["n": .integer(Int64(index % 50)), "ward": .text("w\(index % 7)")], scope: 1 + index % 3,
                    ownerUser: index % 9 == 0 ? "me" : "other\(index % 13)", ownerGroup: index % 2 == 0 ? "g-mine" : "g-other",
                    deleted: false, version: try await transaction.nextVersion())
                try await transaction.save(object)
            }
        }
    }

    @Test("SQLite: every query searches an index by type_name; objects are never scanned")
    func sqlite() async throws {
        let directory = TemporaryRoot.directory("query-plan")
        let data = try await ServerDataFactory.sqlite(directory: directory, logger: ServerScenario.logger)
        try await Self.fill(try await data.appStore(appId: "org.plan", version: "1"))
        let path = directory.appendingPathComponent("apps/org.plan@1.sqlite").path
        for caller in Self.callers {
            for query in Self.queries {
                let sql = try ObjectQuerySQL.select(query, visibility: caller).sql
                let plan = try PullPlanTests.plan(at: path, sql: sql)
                #expect(plan.contains { $0.hasPrefix("SEARCH objects USING ") && $0.contains("(type_name=?") }, "\(sql)\n\(plan)")
                #expect(!plan.contains { $0.hasPrefix("SCAN objects") }, "\(sql)\n\(plan)")
            }
        }
        try await data.close()
    }

    @Test("PostgreSQL: every query reads an index range of its app and type; objects are never scanned")
    func postgres() async throws {
        let url = try await TestPostgres.database()
        let data = try await ServerDataFactory.postgres(url: url, logger: ServerScenario.logger)
        try await Self.fill(try await data.appStore(appId: "org.plan", version: "1"))
        try await Self.fill(try await data.appStore(appId: "org.other", version: "1"))
        try await TestPostgres.execute("ANALYZE objects", in: url)
        for caller in Self.callers {
            for query in Self.queries {
                let statement = try PostgresObjectQuery.select(query, app: "org.plan@1", visibility: caller)
                let arguments = Array(repeating: "NULL", count: ServerStatementPlanTests.parameterCount(statement.sql)).joined(separator: ", ")
                let plan = try await TestPostgres.query(
                    "SET enable_seqscan = off; SET plan_cache_mode = force_generic_plan; PREPARE q AS \(statement.sql); "
                        + "EXPLAIN (COSTS OFF) EXECUTE q(\(arguments))", in: url)
                #expect(plan.contains("Index Cond: ((app = $1) AND (type_name = $2)"), "\(statement.sql)\n\(plan)")
                #expect(!plan.contains("Seq Scan on objects"), "\(statement.sql)\n\(plan)")
            }
        }
        try await data.close()
    }
}
