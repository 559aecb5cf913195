import Foundation
import StrataData
import StrataDataTesting
import StrataJournal
import StrataStore
import Testing

/// What the double adds to the real store it runs on: allowed operations, injected failures,
/// a read-only mode, a temporary store of its own per layer.
@Suite("the test double over the real store")
struct InMemoryDoubleTests {
    @Test("an operation the test did not allow fails loudly, naming the call and the allowed ones")
    func unexpectedCallFailsLoudly() async throws {
        let store = await DataLayerFactory.inMemory(allowing: [.register, .query, .count]).store
        try await store.register(Item.self)
        #expect(try await store.query(Query<Item>()).isEmpty)
        #expect(try await store.count(Query<Item>()) == 0)
        let error = await dataError { try await store.save(Item("x")) }
        #expect(error?.code == .unexpectedCall)
        #expect(
            error?.message
                == "StrataDataTesting: unexpected call to save(Item); this double allows only: register, query, count")
    }

    @Test("each operation is gated by its own name; list forms read save([Item]) and delete([Item])")
    func everyOperationIsGated() async throws {
        let store = await DataLayerFactory.inMemory(allowing: [.register]).store
        try await store.register(Item.self)
        let calls: [(String, () async throws -> Void)] = [
            ("save([Item])", { _ = try await store.save([Item("x")]) }),
            ("fetch(Item)", { _ = try await store.fetch(Item.self, id: "x") }),
            ("delete(Item)", { _ = try await store.delete(Item("x")) }),
            ("delete([Item])", { _ = try await store.delete([Item("x")]) }),
            ("deleteAll(Item)", { _ = try await store.deleteAll(Item.self) }),
            ("query(Item)", { _ = try await store.query(Query<Item>()) }),
            ("count(Item)", { _ = try await store.count(Query<Item>()) }),
        ]
        for (call, body) in calls {
            let error = await dataError(body)
            #expect(error?.code == .unexpectedCall, "\(call)")
            #expect(error?.message.contains("unexpected call to \(call);") == true, "\(call)")
        }
    }

    @Test("an empty allowed set refuses even register")
    func emptyAllowedSetRefusesEverything() async {
        let error = await dataError { try await DataLayerFactory.inMemory(allowing: []).store.register(Item.self) }
        #expect(error?.message == "StrataDataTesting: unexpected call to register(Item); this double allows no calls")
    }

    @Test("a refused call changes nothing")
    func refusedCallChangesNothing() async throws {
        let store = await DataLayerFactory.inMemory(allowing: [.register, .save, .count]).store
        try await store.register(Item.self)
        _ = try await store.save(Item("kept"))
        #expect(await dataError { try await store.deleteAll(Item.self) }?.code == .unexpectedCall)
        #expect(try await store.count(Query<Item>()) == 1)
    }

    @Test("a read-only double registers, reads as empty and refuses every write")
    func readOnlyRefusesWrites() async throws {
        let layer = await DataLayerFactory.inMemory(readOnly: true)
        #expect(!layer.isWritable)
        let store = layer.store
        try await store.register(Item.self)
        #expect(try await store.query(Query<Item>().whereKey("rank", .greater, 1)).isEmpty)
        #expect(try await store.count(Query<Item>()) == 0)
        #expect(try await store.fetch(Item.self, id: "x") == nil)
        var stored = Item("x")
        stored.objectId = "x"
        let writes: [() async throws -> Void] = [
            { _ = try await store.save(Item("x")) }, { _ = try await store.save([Item("x")]) }, { _ = try await store.delete(stored) },
            { _ = try await store.delete([stored]) }, { _ = try await store.deleteAll(Item.self) },
        ]
        for write in writes {
            let error = await dataError(write)
            #expect(error?.code == .readOnly)
            #expect(error?.message.contains("Item") == true)
        }
    }

    @Test("a read-only double still validates schemas and queries")
    func readOnlyStillValidates() async throws {
        let store = await DataLayerFactory.inMemory(readOnly: true).store
        #expect(await dataError { try await store.register(BadKey.self) }?.code == .invalidSchema)
        try await store.register(Item.self)
        #expect(await dataError { try await store.count(Query<Item>().whereKey("nope", .equal, 1)) }?.code == .unknownKey)
    }

    @Test("a writable double says where its temporary store lives and that it can write")
    func writableLayerDescribesItself() async {
        let layer = await DataLayerFactory.inMemory()
        #expect(layer.isWritable)
        #expect(layer.location.hasPrefix("/") && layer.location.hasSuffix(".sqlite"))
        #expect(FileManager.default.fileExists(atPath: layer.location))
    }

    @Test("the temporary store is removed when the last part of the layer is released")
    func temporaryStoreGoesWithTheLayer() async throws {
        var store: (any ValueObjectStore)?
        let location: String
        do {
            let layer = await DataLayerFactory.inMemory()
            location = layer.location
            store = layer.store
        }
        try await store?.register(Item.self)
        #expect(FileManager.default.fileExists(atPath: location), "a part still in use keeps the store")
        store = nil
        #expect(!FileManager.default.fileExists(atPath: location))
        #expect(!FileManager.default.fileExists(atPath: (location as NSString).deletingLastPathComponent))
    }

    @Test("an injected failure is thrown instead of the call, which changes nothing; other calls still work")
    func injectedFailureReplacesTheCall() async throws {
        let failure = DataError(.sqlite, "disk I/O error reading test.sqlite")
        let layer = await DataLayerFactory.inMemory(failing: [.fetch: failure, .deleteAll: failure, .pendingCount: failure])
        let store = layer.store
        try await store.register(Parcel.self)
        try await store.register(Item.self)
        let saved = try await store.save(Item("kept"))
        #expect(await dataError { try await store.fetch(Item.self, id: saved.objectId ?? "") } == failure)
        #expect(await dataError { try await store.deleteAll(Item.self) } == failure)
        #expect(try await store.count(Query<Item>()) == 1)
        _ = try await store.save(Parcel("journalled"))
        #expect(await dataError { try await layer.journal.pendingCount() } == failure)
        #expect(try await layer.journal.changes(in: [.pending], limit: nil).count == 1)
    }

    @Test("a refused call is refused even when a failure is injected for it: allowing is checked first")
    func refusalComesBeforeInjectedFailure() async throws {
        let store = await DataLayerFactory.inMemory(
            allowing: [.register], failing: [.save: DataError(.busy, "the store is busy")]
        ).store
        try await store.register(Item.self)
        #expect(await dataError { try await store.save(Item("x")) }?.code == .unexpectedCall)
    }

    @Test("a failing notices member ends its stream at once")
    func failingNoticesEndAtOnce() async throws {
        let layer = await DataLayerFactory.inMemory(failing: [.notices: DataError(.sqlite, "no watcher")])
        var iterator = await layer.notices.changes(of: []).makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    @Test("each double has its own state")
    func doublesAreIsolated() async throws {
        let first = await DataLayerFactory.inMemory().store
        let second = await DataLayerFactory.inMemory().store
        try await first.register(Item.self)
        _ = try await first.save(Item("only in first"))
        #expect(await dataError { try await second.count(Query<Item>()) }?.code == .notRegistered)
        try await second.register(Item.self)
        #expect(try await second.count(Query<Item>()) == 0)
    }

    @Test("saves from many threads at once all land, each with its own id")
    func concurrentSavesAreSafe() async throws {
        let store = await DataLayerFactory.inMemory().store
        try await store.register(Item.self)
        let ids = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    var ids: [String] = []
                    for index in 0..<50 { ids.append(try await store.save(Item("w\(worker)-\(index)", rank: index)).objectId ?? "") }
                    return ids
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(ids).count == 400)
        #expect(try await store.count(Query<Item>()) == 400)
        #expect(try await store.count(Query<Item>().whereKey("rank", .equal, 7)) == 8)
    }

    @Test("ids sort in creation order, so objectId ties follow insertion")
    func idsSortInCreationOrder() async throws {
        let store = await DataLayerFactory.inMemory().store
        try await store.register(Item.self)
        var ids: [String] = []
        for index in 0..<20 { ids.append(try await store.save(Item("i\(index)")).objectId ?? "") }
        #expect(ids == ids.sorted())
        #expect(try await store.query(Query<Item>()).map(\.name) == (0..<20).map { "i\($0)" })
    }
}
