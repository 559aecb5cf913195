import StrataCrossCutting
import StrataStore
import Testing

@testable import StrataData

/// A task that makes many store calls may prefer the store's executor (`ValueObjectStore.executor`,
/// the database's lane): its calls then run where it already is, without the hop to the lane and
/// back, and its SQLite work still never runs on Swift's cooperative pool.
@Suite("the store's executor: calls from a task preferring it")
struct StoreExecutorTests {
    @Test("the live store's executor is its database's lane")
    func liveStoreHasAnExecutor() async throws {
        let store = try await makeStore()
        let lane = try #require(store.executor as? BlockingLane)
        #expect(lane === (store as? SQLiteStore)?.database.queue)
    }

    @Test("calls from a task preferring the executor run on the store's lane and the task stays there between them")
    func callsStayOnTheLane() async throws {
        let store = try await makeStore()
        let onLane = try await withTaskExecutorPreference(store.executor) { () async throws -> [Bool] in
            var seen: [Bool] = []
            let saved = try await store.save(Sample(name: "a", count: 1))
            seen.append(BlockingLane.isCurrent)
            let fetched = try await store.fetch(Sample.self, id: try #require(saved.objectId))
            seen.append(BlockingLane.isCurrent)
            #expect(fetched?.name == "a")
            #expect(try await store.query(Query<Sample>().whereKey("name", .equal, "a")).count == 1)
            #expect(try await store.delete(saved))
            seen.append(BlockingLane.isCurrent)
            return seen
        }
        // Nothing ran on the cooperative pool: the task was still on the lane after each call.
        #expect(onLane == [true, true, true])
    }

    @Test("the same calls from the cooperative pool give the same results")
    func poolCallsAgree() async throws {
        let store = try await makeStore()
        let saved = try await store.save([Sample(name: "b", count: 2), Sample(name: "c", count: 3)])
        let fromLane = try await withTaskExecutorPreference(store.executor) {
            try await store.query(Query<Sample>().sorted(by: "name", .ascending)).map(\.name)
        }
        #expect(try await store.query(Query<Sample>().sorted(by: "name", .ascending)).map(\.name) == fromLane)
        #expect(fromLane == ["b", "c"])
        #expect(try await store.fetch(Sample.self, id: try #require(saved[1].objectId))?.count == 3)
    }
}
