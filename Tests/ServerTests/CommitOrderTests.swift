import Foundation
import StrataTestSupport
import StrataWire
import Testing

/// The pull cursor across two `strata-server serve` processes on one PostgreSQL database.
///
/// With a plain sequence, instance A could take version 2, stall, and commit after instance B
/// took and committed version 3: a client that pulled 3 from B would ask for changes after 3
/// from then on and never see 2. Writers of one app version lock its counter row for their
/// whole transaction (Modules/Server/Data/Postgres/PostgresSchema.swift), so versions become
/// visible in the order they were taken. Here a trigger the test installs holds A's push inside
/// its transaction, after it took its version, until the test opens a gate.
@Suite("across two instances: the pull cursor follows commit order and a batch applies once")
struct CommitOrderTests {
    /// Installs, in `database`, a trigger that holds every insert of an object whose id starts
    /// with `held-` until a row appears in `test_gate`.
    static func installGate(in database: String) async throws {
        try await TestPostgres.execute(
            """
            CREATE TABLE test_gate (open BOOLEAN NOT NULL);
            CREATE FUNCTION test_hold() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                WHILE NOT EXISTS (SELECT 1 FROM test_gate) LOOP PERFORM pg_sleep(0.02); END LOOP;
                RETURN NEW;
            END $$;
            CREATE TRIGGER test_hold BEFORE INSERT ON objects FOR EACH ROW
                WHEN (NEW.object_id LIKE 'held-%') EXECUTE FUNCTION test_hold();
            """, in: database)
    }

    /// Whether `condition` (an SQL boolean expression) holds in `database` now.
    static func holds(_ condition: String, in database: String) async -> Bool {
        await PostgresActivity.holds(condition, in: database)
    }

    /// Runs `body` with instances A and B on a new database with the gate installed, and alice's token.
    static func withGatedInstances(_ body: (_ a: TestServer, _ b: TestServer, _ token: String, _ database: String) async throws -> Void)
        async throws
    {
        let database = try await TestPostgres.database()
        try await withTestServer(user: true, database: database) { a in
            try await withTestServer(database: database) { b in
                let app = try #require(a.app)
                try await installGate(in: database)
                try await body(a, b, try await a.client.login("alice", app: app).token, database)
            }
        }
    }

    /// Waits until a push sits in the gate (its transaction open, its version taken).
    static func expectHeld(in database: String) async {
        let sleeping = "EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep')"
        #expect(await eventually(within: Patience.childProcess) { await holds(sleeping, in: database) }, "A never reached the trigger")
    }

    /// Waits until a second push waits for the app version's counter the held one locked.
    static func expectWaitingForCounter(in database: String) async {
        let waiting = """
            EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
            AND query LIKE '%app_counters%')
            """
        #expect(await eventually(within: Patience.childProcess) { await holds(waiting, in: database) }, "B's push did not wait for A's counter")
    }

    @Test("while one instance's push is held open after taking its version, the other's push waits, and pulls see every change")
    func heldTransactionHoldsBackLaterVersions() async throws {
        try await Self.withGatedInstances { a, b, token, database in
            #expect(try await b.client.push([.report("first", name: "First", scope: 1)], token: token) == ["applied"])
            let start = try await b.client.pull("CaseReport", token: token)
            #expect(start.objects.map(\.objectId) == ["first"])

            // A takes the next version, then stops inside its transaction at the trigger.
            let held = Task { try await a.client.push([.report("held-1", name: "Held", scope: 1)], token: token) }
            await Self.expectHeld(in: database)

            // B's push must wait for A's transaction: it would otherwise commit a later version first.
            let later = Task { try await b.client.push([.report("later", name: "Later", scope: 1)], token: token) }
            await Self.expectWaitingForCounter(in: database)

            // Meanwhile a client pulling from either instance sees nothing past its cursor.
            for server in [a, b] {
                let meanwhile = try await server.client.pull("CaseReport", since: start.cursor, token: token)
                #expect(meanwhile.objects.isEmpty, "a version became visible while an earlier one was uncommitted")
                #expect(meanwhile.cursor == start.cursor)
        }

        try await PostgresActivity.execute("INSERT INTO test_gate VALUES (TRUE)", in: database)
        #expect(try await held.value == ["applied"])
        #expect(try await later.value == ["applied"])

        // Following the cursor from where the client stood finds both, in commit order.
        let after = try await a.client.pull("CaseReport", since: start.cursor, token: token)
        #expect(after.objects.map(\.objectId) == ["held-1", "later"])
        #expect(after.cursor > start.cursor)
        }
    }

    @Test("the same batch sent to both instances while the first is mid-transaction applies once: the second answers duplicate")
    func sameBatchOnBothInstancesAppliesOnce() async throws {
        try await Self.withGatedInstances { a, b, token, database in
            let batch = [WireChange.report("held-2", name: "Once", scope: 1, operationId: "op-once")]
            let onA = Task { try await a.client.push(batch, token: token) }
            await Self.expectHeld(in: database)
            let onB = Task { try await b.client.push(batch, token: token) }
            await Self.expectWaitingForCounter(in: database)
            try await PostgresActivity.execute("INSERT INTO test_gate VALUES (TRUE)", in: database)
            #expect(try await onA.value == ["applied"])
            #expect(try await onB.value == ["duplicate"])
            let pulled = try await b.client.pull("CaseReport", token: token)
            #expect(pulled.objects.map(\.objectId) == ["held-2"])
            let once = "(SELECT COUNT(*) FROM operations WHERE operation_id = 'op-once') = 1 AND (SELECT value FROM app_counters) = 1"
            #expect(await Self.holds(once, in: database), "the operation or a version was recorded twice")
        }
    }
}
