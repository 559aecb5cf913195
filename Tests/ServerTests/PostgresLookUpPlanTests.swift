import Foundation
@testable import StrataServerData
import StrataTestSupport
import Testing

/// A push batch's look-up of its operation ids on PostgreSQL, planned as the planner really
/// plans it: on a filled table, with a batch's 1,000 ids, sequential scans allowed, before and
/// after `ANALYZE`. (`ServerStatementPlanTests` prices sequential scans out, so it proves an
/// index *can* serve a statement, not that the planner picks it; with `operation_id = ANY($ids)`
/// it did not, and read the user's whole history once per batch.)
@Suite("PostgreSQL look-up of a push batch's operation ids: one probe of the key per id, with statistics or without")
struct PostgresLookUpPlanTests {
    /// Operation ids stored before planning: well past where the planner preferred a whole
    /// scan to 1,000 descents.
    static let rows = 20_000

    /// A new database with the server's schema and `rows` operation ids of `user`, its
    /// statistics not gathered (as before autovacuum's first run).
    private static func filledDatabase(_ body: (String) async throws -> Void) async throws {
        try await PlannedDatabase.with(
            "operations",
            filledBy: """
                INSERT INTO operations (app, user_id, operation_id, version)
                SELECT 'app', 'user', 'operation-' || i, i FROM generate_series(1, \(rows)) AS i;
                """, body)
    }

    /// Half the ids recorded, half new, as a batch of retried and new changes sends them.
    private static let batch = "ARRAY[" + (0..<1_000).map { $0 % 2 == 0 ? "'operation-\($0 * 7 + 1)'" : "'new-\($0)'" }
        .joined(separator: ",") + "]"

    @Test("the look-up probes operations_pkey once per id, on a table never analyzed and once analyzed, and finds the recorded half")
    func probesTheKey() async throws {
        try await Self.filledDatabase { url in
            let sql = PostgresAppTransaction.appliedOperationsSQL(app: "'app'", user: "'user'", ids: Self.batch)
            for analyzed in [false, true] {
                if analyzed { try await TestPostgres.execute("ANALYZE operations", in: url) }
                let plan = try await TestPostgres.query("EXPLAIN (COSTS OFF) \(sql)", in: url)
                let wholeReads = ["Seq Scan", "Bitmap Heap Scan", "Hash Join", "Merge Join"].filter { plan.contains($0) }
                #expect(wholeReads.isEmpty, "analyzed: \(analyzed); the look-up reads the table whole (\(wholeReads)):\n\(plan)")
                #expect(
                    plan.contains("Nested Loop") && plan.contains("Scan using operations_pkey"),
                    "analyzed: \(analyzed); the look-up does not probe the key:\n\(plan)")
                let found = try await TestPostgres.query("SELECT count(*), count(DISTINCT operation_id) FROM (\(sql)) AS found", in: url)
                #expect(found == "500|500")
            }
        }
    }

    @Test("asked as `= ANY` on that analyzed table, the planner reads it whole: why the probes are written out")
    func anyReadsTheTableWhole() async throws {
        // The form the look-up had. If a later PostgreSQL plans it as probes, this fails, and
        // the LATERAL form may go.
        try await Self.filledDatabase { url in
            try await TestPostgres.execute("ANALYZE operations", in: url)
            let plan = try await TestPostgres.query(
                "EXPLAIN (COSTS OFF) SELECT operation_id FROM operations WHERE app = 'app' AND user_id = 'user' AND operation_id = ANY(\(Self.batch))",
                in: url)
            #expect(plan.contains("Seq Scan") || plan.contains("Bitmap Heap Scan"), "\(plan)")
        }
    }
}
