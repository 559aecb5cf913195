import Foundation
import StrataData
import StrataStore
import StrataTestSupport
import Testing

@Suite("SQLite value-object store: save, fetch, delete")
struct StoreOperationTests {
    @Test("saving an object without an id inserts it and returns it with a new id")
    func saveInsertsAndAssignsID() async throws {
        let store = try await makeStore()
        let saved = try await store.save(Sample(name: "a", count: 1, note: "n"))
        let id = try #require(saved.objectId)
        #expect(!id.isEmpty)
        let fetched = try #require(try await store.fetch(Sample.self, id: id))
        #expect(fetched == saved)
    }

    @Test("every field type round-trips")
    func everyFieldTypeRoundTrips() async throws {
        let store = try await makeStore()
        var sample = Sample(name: "Zoë 'quoted' \"x\"; DROP TABLE Sample", count: -42, score: 3.25, flag: true, note: nil)
        sample.when = Date(timeIntervalSince1970: 1_700_000_000.5)
        sample.bytes = [0, 1, 2, 255]
        let saved = try await store.save(sample)
        #expect(try await store.fetch(Sample.self, id: saved.objectId!) == saved)
    }

    @Test("saving an object with an id updates it")
    func saveWithIDUpdates() async throws {
        let store = try await makeStore()
        var saved = try await store.save(Sample(name: "a", count: 1))
        saved.count = 2
        let updated = try await store.save(saved)
        #expect(updated.objectId == saved.objectId)
        #expect(try await store.fetch(Sample.self, id: saved.objectId!)?.count == 2)
        #expect(try await store.count(Query<Sample>()) == 1)
    }

    @Test("updating an id that is not stored is a notFound error and stores nothing")
    func updatingMissingIDIsNotFound() async throws {
        let store = try await makeStore()
        var ghost = Sample(name: "ghost", count: 1)
        ghost.objectId = "no-such-id"
        let error = try await #require(throws: DataError.self) { try await store.save(ghost) }
        #expect(error.code == .notFound)
        #expect(error.message.contains("no-such-id"))
        #expect(try await store.count(Query<Sample>()) == 0)
    }

    @Test("saving a list is one transaction: a failure in the middle saves none")
    func saveListIsAtomic() async throws {
        let store = try await makeStore()
        _ = try await store.save(Ticket(code: "taken"))
        let error = try await #require(throws: DataError.self) {
            try await store.save([Ticket(code: "one"), Ticket(code: "taken"), Ticket(code: "three")])
        }
        #expect(error.code == .duplicate)
        #expect(error.message.contains("Ticket.code 'taken'"))
        #expect(try await store.count(Query<Ticket>()) == 1)
    }

    @Test("a saved list comes back in order, each with an id")
    func saveListReturnsObjectsWithIDs() async throws {
        let store = try await makeStore()
        let saved = try await store.save((0..<100).map { Sample(name: "n\($0)", count: $0) })
        #expect(saved.map(\.count) == Array(0..<100))
        #expect(Set(saved.compactMap(\.objectId)).count == 100)
    }

    @Test("delete, delete a list and delete all remove exactly what they say")
    func deletes() async throws {
        let store = try await makeStore()
        let saved = try await store.save((0..<5).map { Sample(name: "n\($0)", count: $0) })
        #expect(try await store.delete(saved[0]))
        #expect(try await store.delete(saved[0]) == false)
        #expect(try await store.delete([saved[1], saved[2]]) == 2)
        #expect(try await store.count(Query<Sample>()) == 2)
        #expect(try await store.deleteAll(Sample.self) == 2)
        #expect(try await store.count(Query<Sample>()) == 0)
    }

    @Test("deleting an object that was never saved is a clear error")
    func deletingUnsavedObjectIsAnError() async throws {
        let store = try await makeStore()
        let error = try await #require(throws: DataError.self) { try await store.delete(Sample(name: "x", count: 0)) }
        #expect(error.code == .notFound)
    }

    @Test("using a type before registering it says to call register")
    func unregisteredTypeIsAClearError() async throws {
        let store = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger).store
        let error = try await #require(throws: DataError.self) { try await store.save(Sample(name: "x", count: 0)) }
        #expect(error.code == .notRegistered)
        #expect(error.message.contains("register(Sample.self)"))
    }

    @Test("the blocking forms do the same work, for callers that cannot await")
    func blockingForms() async throws {
        let store = try await DataLayerFactory.live(container: temporaryContainer(), logger: quietLogger).store.blocking
        // Called as code that cannot await calls it: from a thread of its own, never the pool's.
        let seen = try await offThePool { () throws -> BlockingSeen in
            try store.register(Sample.self)
            let saved = try store.save(Sample(name: "blocking", count: 7))
            let listed = try store.save([Sample(name: "b", count: 8)])
            return BlockingSeen(
                savedMatches: try store.fetch(Sample.self, id: saved.objectId!) == saved,
                counts: try store.query(Query<Sample>().sorted(by: "count")).map(\.count),
                total: try store.count(Query<Sample>()),
                deletedOne: try store.delete(listed[0]),
                deletedList: try store.delete([saved]),
                deletedAll: try store.deleteAll(Sample.self),
                unregistered: Self.errorCode { _ = try store.fetch(Ticket.self, id: "x") })
        }
        #expect(seen.savedMatches)
        #expect(seen.counts == [7, 8])
        #expect(seen.total == 2)
        #expect(seen.deletedOne)
        #expect(seen.deletedList == 1)
        #expect(seen.deletedAll == 0)
        #expect(seen.unregistered == .notRegistered, "an error of the async form reaches the blocking caller")
    }

    /// The code of the `DataError` `body` throws; `nil` when it throws none (or another error).
    private static func errorCode(_ body: () throws -> Void) -> DataError.Code? {
        do {
            try body()
            return nil
        } catch {
            return (error as? DataError)?.code
        }
    }
}

/// What the blocking forms answered, carried out of the thread that called them.
private struct BlockingSeen: Sendable {
    var savedMatches: Bool
    var counts: [Int]
    var total: Int
    var deletedOne: Bool
    var deletedList: Int
    var deletedAll: Int
    var unregistered: DataError.Code?
}
