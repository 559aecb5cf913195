import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataJournal
import StrataMaintenance
import StrataStore
import StrataTestSupport
import StrataWire
import Testing

/// A type kept locally and sent to the server, without a lifespan: its every-row count is the
/// kept one.
struct Counter: ValueObject, Equatable {
    var objectId: String?
    var label = ""
    var amount = 0
    init() {}
    init(label: String, amount: Int = 0) {
        self.label = label
        self.amount = amount
    }
    static let schema = ValueObjectSchema<Counter>(
        "Counter", fields: [.field("label", \.label), .field("amount", \.amount)],
        behaviour: ValueObjectBehaviour(persistentType: .localAndServer, scope: .user))
}

/// The counts the store keeps in `_strata_counts` (store format 5) stay equal to `count(*)`
/// through every way rows come and go, and a store without them is counted the old way.
@Suite("kept counts")
struct StoreCountsTests {
    /// A small deterministic generator (SplitMix64), so a failing mix can be replayed.
    struct Mix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func open(_ container: ContainerDirectory, clock: TestClock) async throws -> any DataLayer {
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger, clock: clock)
        try await layer.store.register(Counter.self)
        try await layer.store.register(Visit.self)
        try await layer.store.register(Sample.self)
        return layer
    }

    /// Every kept count equals `count(*)` of what it counts, and the public counts say the same.
    func expectExact(_ container: ContainerDirectory, _ layer: any DataLayer, after step: String) async throws {
        let inspector = SQLiteInspector(container.storeURL)
        let kept = Dictionary(
            try inspector.rows(#"SELECT "name", "count" FROM "_strata_counts""#).map { ($0[0], $0[1]) }, uniquingKeysWith: { a, _ in a })
        for table in ["Counter", "Visit", "Sample"] {
            let actual = try inspector.rows("SELECT count(*) FROM \"\(table)\"")[0][0]
            #expect(kept[table.lowercased()] == actual, "\(table) after \(step)")
        }
        let all = try inspector.rows(#"SELECT count(*) FROM "_strata_journal""#)[0][0]
        let rejected = try inspector.rows(#"SELECT count(*) FROM "_strata_journal" WHERE "state" = 'rejected'"#)[0][0]
        #expect(kept["_strata_journal"] == all, "journal after \(step)")
        #expect(kept["_strata_journal.rejected"] == rejected, "rejected after \(step)")
        let tallies = try inspector.rows(#"SELECT count(*) FROM "Counter""#)[0][0]
        #expect(try await layer.store.count(Query<Counter>()) == Int(tallies), "store.count after \(step)")
        let status = try await layer.syncState.status()
        #expect(status.pendingCount == Int(all)! - Int(rejected)!, "pending after \(step)")
        #expect(status.rejectedCount == Int(rejected), "rejected status after \(step)")
    }

    @Test("after a random mix of saves, updates, deletes, purges, pulls, claims, rejections and a recovery, every kept count equals count(*)")
    func countsStayExact() async throws {
        let container = temporaryContainer()
        let clock = TestClock()
        var layer = try await open(container, clock: clock)
        var random = Mix(state: 13)
        var pulled = 0
        for step in 0..<160 {
            let store = layer.store
            let what: String
            switch Int.random(in: 0..<11, using: &random) {
            case 0:
                _ = try await store.save((0..<Int.random(in: 1...5, using: &random)).map { Counter(label: "t\(step)-\($0)") })
                what = "saving tallies"
            case 1:
                _ = try await store.save((0..<Int.random(in: 1...3, using: &random)).map { Visit(note: "v\(step)-\($0)") })
                what = "saving visits"
            case 2:
                _ = try await store.save((0..<Int.random(in: 1...4, using: &random)).map { Sample(name: "s\(step)-\($0)", count: $0) })
                what = "saving samples"
            case 3:
                var tallies = try await store.query(Query<Counter>())
                tallies.shuffle(using: &random)
                let edited = tallies.prefix(2).map { tally -> Counter in
                    var tally = tally
                    tally.amount += 1
                    return tally
                }
                _ = try await store.save(Array(edited))
                what = "updating tallies"
            case 4:
                var tallies = try await store.query(Query<Counter>())
                tallies.shuffle(using: &random)
                _ = try await store.delete(Array(tallies.prefix(2)))
                var samples = try await store.query(Query<Sample>())
                samples.shuffle(using: &random)
                _ = try await store.delete(Array(samples.prefix(1)))
                var visits = try await store.query(Query<Visit>())
                visits.shuffle(using: &random)
                _ = try await store.delete(Array(visits.prefix(1)))
                what = "deleting"
            case 5:
                let claimed = try await layer.journal.claim(limit: Int.random(in: 1...6, using: &random))
                var ids = claimed.map(\.operationID)
                if let first = ids.first, Bool.random(using: &random) {
                    try await layer.journal.reject(operationID: first, reason: "403: not yours")
                    ids.removeFirst()
                }
                if Bool.random(using: &random) {
                    try await layer.journal.acknowledge(operationIDs: ids)
                } else {
                    try await layer.journal.release(operationIDs: ids)
                }
                what = "claiming, rejecting, acknowledging or releasing"
            case 6:
                let rejected = try await layer.journal.rejected()
                if let change = rejected.first {
                    if Bool.random(using: &random) {
                        try await layer.journal.retry(operationID: change.operationID)
                    } else {
                        try await layer.journal.discard(operationID: change.operationID)
                    }
                }
                what = "retrying or discarding a rejected change"
            case 7:
                let stored = try await store.query(Query<Counter>()).compactMap(\.objectId)
                var objects = (0..<3).map { index -> WireObject in
                    pulled += 1
                    return WireObject(
                        objectId: "pulled-\(pulled)", values: ["label": .text("from the server \(index)"), "amount": .integer(7)],
                        scope: 1, ownerUser: "u1", ownerGroup: nil, deleted: false, version: Int64(pulled))
                }
                // Known ids: an update of the row (an upsert that updates), or its deletion; both
                // skipped when the row has a change in the journal.
                for (offset, id) in stored.shuffled(using: &random).prefix(3).enumerated() {
                    objects.append(
                        WireObject(
                            objectId: id, values: ["amount": .integer(99)], scope: 1, ownerUser: "u1", ownerGroup: nil,
                            deleted: offset == 0, version: Int64(pulled)))
                }
                objects.append(
                    WireObject(objectId: "never-stored-\(step)", values: [:], scope: 1, ownerUser: "u1", ownerGroup: nil, deleted: true, version: 1))
                _ = try await layer.syncState.applyPulled(PullResponse(objects: objects, cursor: Int64(step), hasMore: false), typeName: "Counter")
                what = "applying a pulled page"
            case 8:
                // Expired visits without a change in the journal are purged by the next save.
                clock.advance(7200)
                _ = try await store.save(Visit(note: "after a long pause \(step)"))
                what = "purging expired visits"
            case 9:
                if Bool.random(using: &random) {
                    _ = try await store.deleteAll(Sample.self)
                } else {
                    _ = try await store.deleteAll(Counter.self)
                }
                what = "deleting all of a type"
            default:
                layer = try await open(container, clock: clock)
                what = "reopening"
            }
            try await expectExact(container, layer, after: "step \(step): \(what)")
        }

        let report = try await DataLayerFactory.maintenance(container: container, logger: quietLogger).recover()
        #expect(report.tables.allSatisfy { !$0.metDamage })
        layer = try await open(container, clock: clock)
        try await expectExact(container, layer, after: "store recover")
        _ = try await layer.store.save(Counter(label: "after the recovery"))
        try await expectExact(container, layer, after: "a save after the recovery")
    }

    @Test("recover sets every kept count from the rows it could read, not from the damaged file's counts")
    func recoverRefillsCounts() async throws {
        let container = temporaryContainer()
        let layer = try await open(container, clock: TestClock())
        _ = try await layer.store.save((0..<300).map { Sample(name: String(repeating: "n", count: 200) + "\($0)", count: $0) })
        _ = try await layer.store.save((0..<5).map { Counter(label: "t\($0)") })
        try StoreDamage.damage(container.storeURL.path, table: "Sample", .leaf(2))

        let report = try await DataLayerFactory.maintenance(container: container, logger: quietLogger).recover()
        let samples = try #require(report.tables.first { $0.name == "Sample" })
        #expect(samples.metDamage && samples.recovered < 300)
        let reopened = try await open(container, clock: TestClock())
        #expect(try await reopened.store.count(Query<Sample>()) == samples.recovered)
        try await expectExact(container, reopened, after: "recovering a damaged store")
    }

    @Test("a format-4 store gets its counts filled on upgrade; before it, a read-only opener counts with count(*)")
    func olderStoreIsFilledOnce() async throws {
        let container = temporaryContainer()
        let layer = try await open(container, clock: TestClock())
        _ = try await layer.store.save((0..<7).map { Counter(label: "t\($0)") })
        let claimed = try await layer.journal.claim(limit: 2)
        try await layer.journal.reject(operationID: claimed[0].operationID, reason: "no")
        // Back to format 4 as it was written: no counts table, no count triggers.
        let inspector = SQLiteInspector(container.storeURL)
        for name in try inspector.rows(#"SELECT name FROM sqlite_schema WHERE type = 'trigger' AND name LIKE '\_strata\_count\_%' ESCAPE '\'"#) {
            try inspector.execute("DROP TRIGGER \"\(name[0])\"")
        }
        try inspector.execute(#"DROP TABLE "_strata_counts""#)
        try inspector.execute("PRAGMA user_version = 4")

        let reader = try #require(try await DataLayerFactory.readOnly(container: container, logger: quietLogger))
        try await reader.store.register(Counter.self)
        #expect(try await reader.store.count(Query<Counter>()) == 7)
        let before = try await reader.syncState.status()
        #expect(before.pendingCount == 6 && before.rejectedCount == 1)

        let upgraded = try await open(container, clock: TestClock())
        #expect(try inspector.rows("PRAGMA user_version") == [["8"]])
        try await expectExact(container, upgraded, after: "the upgrade to format 5")
        _ = try await upgraded.store.save(Counter(label: "after the upgrade"))
        try await expectExact(container, upgraded, after: "a save after the upgrade")
        #expect(try await reader.store.count(Query<Counter>()) == 8, "a reader opened before the upgrade reads the new counts")
    }

    @Test("store check finds a kept count that no longer matches its rows, and recover counts again")
    func checkFindsDriftedCounts() async throws {
        let container = temporaryContainer()
        let layer = try await open(container, clock: TestClock())
        _ = try await layer.store.save((0..<4).map { Counter(label: "c\($0)") })
        let maintenance = DataLayerFactory.maintenance(container: container, logger: quietLogger)
        #expect(try await maintenance.check(quick: false).isSound)
        // Another program inserting around the triggers' bookkeeping (the count left behind).
        try SQLiteInspector(container.storeURL).execute(#"UPDATE "_strata_counts" SET "count" = 3 WHERE "name" = 'counter'"#)

        for quick in [true, false] {
            let result = try await maintenance.check(quick: quick)
            #expect(result.problems == ["_strata_counts says 3 rows in counter but there are 4 (`strata-host store recover` counts them again)"])
        }
        _ = try await maintenance.recover()
        #expect(try await maintenance.check(quick: false).isSound)
        try await expectExact(container, try await open(container, clock: TestClock()), after: "recovering drifted counts")
    }
}
