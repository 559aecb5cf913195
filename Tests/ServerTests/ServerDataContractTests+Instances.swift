import Foundation
import StrataServerData
import StrataTestSupport
import StrataWire
import Testing

/// The contract across instances: two data layers on one database (two `serve` processes on one
/// PostgreSQL, or two openings of one SQLite directory) apply an operation once, take versions
/// in commit order, and a batch looked up before the app version's lock sees what the write
/// holding it committed.
extension ServerDataContractTests {
    @Test("the same operation sent to two instances at once applies once, and versions stay unique", arguments: TestEngine.allCases)
    func exactlyOnceAcrossInstances(engine: TestEngine) async throws {
        let (first, reopen, _) = try await Self.storage(engine)
        let second = try await reopen()
        let stores = [try await first.appStore(appId: "org.a", version: "1"), try await second.appStore(appId: "org.a", version: "1")]
        let applied = try await withThrowingTaskGroup(of: Bool.self) { group in
            for attempt in 0..<16 {
                let store = stores[attempt % 2]
                group.addTask {
                    try await store.write { transaction in
                        guard try await !transaction.hasOperation("same", userId: "u1") else { return false }
                        try await transaction.recordOperation("same", userId: "u1")
                        try await transaction.save(Self.object("c\(attempt)", version: try await transaction.nextVersion()))
                        return true
                    }
                }
            }
            return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
        #expect(applied == 1)
        let everyone = ObjectVisibility(userId: "u1", groupIds: [])
        #expect(try await stores[1].changes(typeName: "Case", since: 0, limit: 100, visibility: everyone).map(\.version) == [1])
    }

    @Test("a write on a second instance waits for the first's open write: versions commit in order, a pull meanwhile sees neither", arguments: TestEngine.allCases)
    func writesCommitInVersionOrder(engine: TestEngine) async throws {
        let (one, two, _) = try await Self.twoInstances(engine)
        let (holding, isHolding) = AsyncStream<Void>.makeStream()
        let (release, releasing) = AsyncStream<Void>.makeStream()
        let held = Task {
            try await one.write { transaction in
                let version = try await transaction.nextVersion()
                try await transaction.save(Self.object("held", version: version))
                isHolding.yield()
                // The body waits, suspended, inside its open transaction (on SQLite its writer's
                // thread waits with it; no thread of the cooperative pool does).
                for await _ in release { break }
                return version
            }
        }
        for await _ in holding { break }
        // The pull runs before the second write starts: on SQLite that write waits for the lock
        // on one of the instance's storage threads (up to the busy timeout), and a pull queued
        // behind it on a loaded machine would keep the test from ever releasing the first.
        let everyone = ObjectVisibility(userId: "u1", groupIds: [])
        #expect(try await two.changes(typeName: "Case", since: 0, limit: 10, visibility: everyone).isEmpty)
        let waiting = Task {
            try await two.write { transaction in
                let version = try await transaction.nextVersion()
                try await transaction.save(Self.object("waiting", version: version))
                return version
            }
        }
        // Gives the second write time to reach the first's lock; the checks below hold either way
        // (they only prove less if it had not started yet).
        try await Task.sleep(for: .milliseconds(200))
        releasing.yield()
        let heldVersion = try await held.value
        let waitingVersion = try await waiting.value
        #expect(heldVersion == 1 && waitingVersion == 2, "the second write took its version after the first committed")
        let pulled = try await one.changes(typeName: "Case", since: 0, limit: 10, visibility: everyone)
        #expect(pulled.map(\.objectId) == ["held", "waiting"])
    }

    /// App version `org.a@1` as two server instances see it, each with its own data layer on
    /// one database of `engine`, and the database's URL on PostgreSQL.
    static func twoInstances(_ engine: TestEngine) async throws -> (any AppObjectStore, any AppObjectStore, String?) {
        let (first, reopen, url) = try await Self.storage(engine)
        let second = try await reopen()
        return (
            try await first.appStore(appId: "org.a", version: "1"), try await second.appStore(appId: "org.a", version: "1"), url
        )
    }

    /// Returns once a second write waits for the app version's lock a first one holds: on
    /// PostgreSQL (`url`) when `pg_stat_activity` shows it waiting; on SQLite, whose second
    /// write waits for the writer's lock where nothing shows it, after a moment.
    static func untilWaitingForTheLock(_ url: String?) async throws {
        guard let url else {
            try await Task.sleep(for: .milliseconds(200))
            return
        }
        let locked = """
            EXISTS (SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' \
            AND query LIKE '%app_counters%')
            """
        let reached = await eventually(within: Patience.childProcess) {
            await CommitOrderTests.holds(locked, in: url)
        }
        #expect(reached, "the second write never waited for the first's lock")
    }

    @Test("a batch looked up while another instance's write holds the app version sees what that write committed: its operation id applied, its object current", arguments: TestEngine.allCases)
    func lookUpsWhileAnotherWriteHoldsTheLock(engine: TestEngine) async throws {
        let (one, two, url) = try await Self.twoInstances(engine)
        let (holding, isHolding) = AsyncStream<Void>.makeStream()
        let (release, releasing) = AsyncStream<Void>.makeStream()
        let held = Task {
            try await one.write { transaction in
                try await transaction.save(Self.object("c1", version: try await transaction.nextVersion(), values: ["n": .integer(1)]))
                try await transaction.recordOperation("op-x", userId: "u1")
                isHolding.yield()
                for await _ in release { break }
            }
        }
        for await _ in holding { break }
        // On PostgreSQL the batch's look-ups run before it takes the app version's lock (so they
        // overlap the held write), then it waits for that lock and checks what they found.
        let waiting = Task {
            try await two.write { transaction in
                try await transaction.prefetch(operationIds: ["op-x"], userId: "u1", objectIds: ["Case": ["c1"]])
                let applied = try await transaction.hasOperation("op-x", userId: "u1")
                let object = try await transaction.object(typeName: "Case", objectId: "c1")
                return (applied, object?.values, object?.version)
            }
        }
        try await Self.untilWaitingForTheLock(url)
        releasing.yield()
        try await held.value
        let (applied, values, version) = try await waiting.value
        #expect(applied, "the operation id the held write recorded is applied: a resent batch is a duplicate")
        #expect(values == ["n": .integer(1)] && version == 1, "the object as the held write left it")
    }

    @Test("a batch looked up while another write that took no version (an operation id alone) holds the app version still sees that operation id applied", arguments: TestEngine.allCases)
    func lookUpsWhileAWriteWithoutAVersionHoldsTheLock(engine: TestEngine) async throws {
        let (one, two, url) = try await Self.twoInstances(engine)
        let (holding, isHolding) = AsyncStream<Void>.makeStream()
        let (release, releasing) = AsyncStream<Void>.makeStream()
        // A change with nothing left to do (a delete of an object already gone) records its
        // operation id and takes no version of its own.
        let held = Task {
            try await one.write { transaction in
                try await transaction.recordOperation("op-only", userId: "u1")
                isHolding.yield()
                for await _ in release { break }
            }
        }
        for await _ in holding { break }
        let waiting = Task {
            try await two.write { transaction in
                try await transaction.prefetch(operationIds: ["op-only"], userId: "u1", objectIds: [:])
                return try await transaction.hasOperation("op-only", userId: "u1")
            }
        }
        try await Self.untilWaitingForTheLock(url)
        releasing.yield()
        try await held.value
        let applied = try await waiting.value
        #expect(applied, "the operation id the held write recorded is applied: a resent batch is a duplicate, not applied twice")
    }
}
