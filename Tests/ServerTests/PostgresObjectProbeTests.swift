import Foundation
@testable import StrataServerData
import StrataTestSupport
import StrataWire
import Testing

/// A push batch's look-up of its objects on PostgreSQL, planned as the planner really plans
/// it (as `PostgresLookUpPlanTests` does for operation ids), and how the server makes sure the
/// planner can be trusted with the probes: `ANALYZE objects` when it has no statistics.
@Suite("PostgreSQL look-up of a push batch's objects: one probe of the key per id once the planner has statistics, which the server gathers")
struct PostgresObjectProbeTests {
    /// Objects of one type stored before planning: the `= ANY` form read them all per batch.
    static let rows = 20_000

    /// A new database with the server's schema and `rows` objects of `Case`, its statistics not
    /// gathered.
    private static func filledDatabase(_ body: (String) async throws -> Void) async throws {
        try await PlannedDatabase.with(
            "objects",
            filledBy: """
                INSERT INTO objects (app, type_name, object_id, values_json, scope, owner_user, owner_group, deleted, version)
                SELECT 'app', 'Case', 'case-' || i, '{}', 2, 'user-' || (i % 7), 'group-' || (i % 3), false, i
                FROM generate_series(1, \(rows)) AS i;
                """, body)
    }

    /// Half the ids stored, half new, as a batch of edits and new objects sends them.
    private static let batch = "ARRAY[" + (0..<1_000).map { $0 % 2 == 0 ? "'case-\($0 * 7 + 1)'" : "'new-\($0)'" }
        .joined(separator: ",") + "]"

    private static var probes: String {
        PostgresAppTransaction.objectProbesSQL(app: "'app'", type: "'Case'", ids: batch)
    }

    @Test("once analyzed, the look-up probes objects_pkey once per id and finds the stored half")
    func probesTheKeyOnceAnalyzed() async throws {
        try await Self.filledDatabase { url in
            try await TestPostgres.execute("ANALYZE objects", in: url)
            let plan = try await TestPostgres.query("EXPLAIN (COSTS OFF) \(Self.probes)", in: url)
            let wholeReads = ["Seq Scan", "Bitmap Heap Scan", "Hash Join", "Merge Join", "Filter"].filter { plan.contains($0) }
            #expect(wholeReads.isEmpty, "the look-up reads the type whole (\(wholeReads)):\n\(plan)")
            #expect(plan.contains("Nested Loop") && plan.contains("using objects_pkey"), "the look-up does not probe the key:\n\(plan)")
            let found = try await TestPostgres.query("SELECT count(*), count(DISTINCT object_id) FROM (\(Self.probes)) AS found", in: url)
            #expect(found == "500|500")
            // The check under the lock of what they found, as probes too: as if the batch had
            // seen none of them (-1), the 500 stored are named as moved.
            let versions = "ARRAY[" + Array(repeating: "-1::int8", count: 1_000).joined(separator: ",") + "]"
            let moved = PostgresAppTransaction.movedObjectsSQL(app: "'app'", type: "'Case'", ids: Self.batch, versions: versions, probes: true)
            let checkPlan = try await TestPostgres.query("EXPLAIN (COSTS OFF) \(moved)", in: url)
            #expect(!checkPlan.contains("Seq Scan") && !checkPlan.contains("Hash") && checkPlan.contains("using objects_pkey"), "\(checkPlan)")
            #expect(try await TestPostgres.query("SELECT count(*) FROM (\(moved)) AS moved", in: url) == "500")
        }
    }

    @Test("with no statistics the same probes go through another index and filter the type once per id: why they wait for ANALYZE")
    func probesWithoutStatisticsReadTheType() async throws {
        // If a later PostgreSQL plans the probes through the key without statistics, this
        // fails, and the `= ANY` form used until the server has analyzed the table may go.
        try await Self.filledDatabase { url in
            let plan = try await TestPostgres.query("EXPLAIN (COSTS OFF) \(Self.probes)", in: url)
            #expect(plan.contains("Filter") || !plan.contains("objects_pkey"), "\(plan)")
        }
    }

    @Test("a write to objects with no statistics has the server analyze the table; its batches then probe the key")
    func theServerAnalyzesTheTable() async throws {
        try await TestPostgres.withDatabase { url in
            let layer = try await ServerDataFactory.postgres(url: url, logger: ServerScenario.logger)
            let data = try #require(layer as? PostgresServerData)
            try await TestPostgres.execute("ALTER TABLE objects SET (autovacuum_enabled = false)", in: url)
            let store = try await layer.appStore(appId: "org.a", version: "1")
            #expect(!data.database.statistics.probesObjects)
            try await store.write { transaction in
                try await transaction.prefetch(operationIds: [], userId: "u1", objectIds: ["Case": ["c1", "c2"]])
                for id in ["c1", "c2"] {
                    try await transaction.save(ServerDataContractTests.object(id, version: try await transaction.nextVersion(), owner: "u1"))
                }
            }
            #expect(await eventually { data.database.statistics.probesObjects }, "the server never analyzed objects")
            let gathered = try await TestPostgres.query(
                "SELECT count(*) > 0 FROM pg_stats WHERE tablename = 'objects' AND attname = 'type_name'", in: url)
            #expect(gathered == "t")
            // Looked up by the probes now: what the first write stored, and nothing for a new id.
            let found = try await store.write { transaction in
                try await transaction.prefetch(operationIds: [], userId: "u1", objectIds: ["Case": ["c1", "c2", "c3"]])
                return [
                    try await transaction.object(typeName: "Case", objectId: "c1")?.ownerUser,
                    try await transaction.object(typeName: "Case", objectId: "c2")?.ownerUser,
                    try await transaction.object(typeName: "Case", objectId: "c3")?.ownerUser,
                ]
            }
            #expect(found == ["u1", "u1", nil])
            try await layer.close()
        }
    }

    @Test("an object looked up as absent is a plain INSERT, any other an upsert; saved twice before the write, it keeps its first kind")
    func newObjectsSkipTheConflictCheck() throws {
        var pending = PostgresPendingWrites()
        try pending.save(ServerDataContractTests.object("new", version: 1), isNew: true)
        try pending.save(ServerDataContractTests.object("known", version: 2), isNew: false)
        try pending.save(ServerDataContractTests.object("new", version: 3), isNew: false)
        let sql = try #require(try pending.statement(app: "org.a@1", counter: 3)).sql
        #expect(sql.components(separatedBy: "INSERT INTO objects").count - 1 == 2, "\(sql)")
        #expect(sql.components(separatedBy: "ON CONFLICT (app, type_name, object_id)").count - 1 == 1, "\(sql)")
    }

    @Test("a row that appears behind the app's lock makes the batch fail as a duplicate, storing none of it, never overwritten")
    func aRowBehindTheLockFailsTheBatch() async throws {
        try await TestPostgres.withDatabase { url in
            let layer = try await ServerDataFactory.postgres(url: url, logger: ServerScenario.logger)
            let store = try await layer.appStore(appId: "org.a", version: "1")
            let error = await #expect(throws: ServerDataError.self) {
                try await store.write { transaction in
                    try await transaction.prefetch(operationIds: ["op-1"], userId: "u1", objectIds: ["Case": ["c1"]])
                    // Written by something that does not take the app version's lock.
                    try await TestPostgres.execute(
                        """
                        INSERT INTO objects (app, type_name, object_id, values_json, scope, owner_user, owner_group, deleted, version)
                        VALUES ('org.a@1', 'Case', 'c1', '{}', 3, 'intruder', NULL, false, 99)
                        """, in: url)
                    try await transaction.recordOperation("op-1", userId: "u1")
                    try await transaction.save(ServerDataContractTests.object("c1", version: try await transaction.nextVersion(), owner: "u1"))
                }
            }
            #expect(error?.code == .duplicate)
            let stored = try await TestPostgres.query(
                "SELECT owner_user, version, (SELECT count(*) FROM operations) FROM objects WHERE object_id = 'c1'", in: url)
            #expect(stored == "intruder|99|0")
            try await layer.close()
        }
    }
}
