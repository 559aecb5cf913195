import Foundation
@testable import StrataServerData
import StrataTestSupport
import Testing

/// A push batch's look-ups on PostgreSQL, planned as the planner really plans them: on a filled
/// and analyzed table, with a batch's 1,000 ids, and sequential scans allowed.
/// (`ServerStatementPlanTests` prices sequential scans out, so it proves an index *can* serve a
/// statement, not that the planner picks it; with `key = ANY($ids)` it did not, and read the
/// app's whole type once per batch.)
@Suite("PostgreSQL look-ups of a push batch: one index probe per id, whatever the table's size")
struct PostgresLookUpPlanTests {
    /// Rows put in `objects` and `operations` before planning: well past where the planner
    /// preferred a whole scan to 1,000 descents.
    static let rows = 20_000

    @Test("the operation-id, object and moved-object look-ups plan index probes on an analyzed table of 20,000 rows")
    func lookUpsProbeTheKey() async throws {
        try await TestPostgres.withDatabase { url in
            let data = try await ServerDataFactory.postgres(url: url, logger: ServerScenario.logger)
            try await data.close()
            try await TestPostgres.execute(
                """
                INSERT INTO objects (app, type_name, object_id, values_json, scope, owner_user, deleted, version)
                SELECT 'app', 'CaseReport', 'object-' || i, '{}', 0, 'user', false, i FROM generate_series(1, \(Self.rows)) AS i;
                INSERT INTO operations (app, user_id, operation_id, version)
                SELECT 'app', 'user', 'operation-' || i, i FROM generate_series(1, \(Self.rows)) AS i;
                ANALYZE objects; ANALYZE operations;
                """, in: url)
            // Half the ids stored, half new, as a batch of edits and inserts sends them.
            let ids = (0..<1_000).map { $0 % 2 == 0 ? "'object-\($0 * 7 + 1)'" : "'new-\($0)'" }
            let array = "ARRAY[\(ids.joined(separator: ","))]"
            let versions = "ARRAY[\((0..<1_000).map { String($0) }.joined(separator: ","))]::int8[]"
            let statements = [
                ("operation ids", PostgresAppTransaction.appliedOperationsSQL(
                    app: "'app'", user: "'user'", ids: array.replacingOccurrences(of: "object-", with: "operation-"))),
                ("objects", PostgresAppTransaction.storedObjectsSQL(app: "'app'", type: "'CaseReport'", ids: array)),
                ("moved objects", PostgresAppTransaction.movedObjectsSQL(app: "'app'", type: "'CaseReport'", ids: array, versions: versions)),
            ]
            for (name, sql) in statements {
                let plan = try await TestPostgres.query("EXPLAIN (COSTS OFF) \(sql)", in: url)
                let wholeReads = ["Seq Scan", "Bitmap Heap Scan", "Hash Join", "Merge Join"].filter { plan.contains($0) }
                #expect(wholeReads.isEmpty, "the \(name) look-up reads the table whole (\(wholeReads)):\n\(plan)")
                #expect(plan.contains("Nested Loop") && plan.contains("Index"), "the \(name) look-up does not probe an index:\n\(plan)")
            }
            // And they answer what the key says: the stored half, once each.
            let found = try await TestPostgres.query(
                "SELECT count(*) FROM (\(PostgresAppTransaction.storedObjectsSQL(app: "'app'", type: "'CaseReport'", ids: array))) AS f",
                in: url)
            #expect(found == "500")
            let moved = try await TestPostgres.query(
                "SELECT count(*) FROM (\(PostgresAppTransaction.movedObjectsSQL(app: "'app'", type: "'CaseReport'", ids: array, versions: versions))) AS m",
                in: url)
            // Stored ones hold version `n` for `object-n`, not the index given; new ones are not stored (-1 ≠ i).
            #expect(moved == "1000")
        }
    }

    @Test("the same question as `= ANY` on that table plans a whole read, which is why the probes are written out")
    func anyPlansAWholeRead() async throws {
        // The form the look-ups had: if a later PostgreSQL plans it as probes, this fails and
        // the LATERAL form may go.
        try await TestPostgres.withDatabase { url in
            let data = try await ServerDataFactory.postgres(url: url, logger: ServerScenario.logger)
            try await data.close()
            try await TestPostgres.execute(
                """
                INSERT INTO objects (app, type_name, object_id, values_json, scope, owner_user, deleted, version)
                SELECT 'app', 'CaseReport', 'object-' || i, '{}', 0, 'user', false, i FROM generate_series(1, \(Self.rows)) AS i;
                ANALYZE objects;
                """, in: url)
            let ids = (0..<1_000).map { "'new-\($0)'" }.joined(separator: ",")
            let plan = try await TestPostgres.query(
                "EXPLAIN (COSTS OFF) SELECT object_id FROM objects WHERE app = 'app' AND type_name = 'CaseReport' AND object_id = ANY(ARRAY[\(ids)])",
                in: url)
            #expect(plan.contains("Seq Scan") || plan.contains("Bitmap Heap Scan"), "\(plan)")
        }
    }
}
