import Foundation
import StrataData
import StrataDataTesting
import Testing

/// What the double adds to the real store it runs on: allowed operations, injected failures,
/// a read-only mode, a temporary store of its own per layer.
@Suite("the test double over the real store")
struct InMemoryDoubleTests {
    @Test("an operation the test did not allow fails loudly, naming the call and the allowed ones")
    func unexpectedCallFailsLoudly() throws {
        let store = DataLayerFactory.inMemory(allowing: [.register, .query, .count]).store
        try store.register(Item.self)
        #expect(try store.query(Query<Item>()).isEmpty)
        #expect(try store.count(Query<Item>()) == 0)
        let error = dataError { try store.save(Item("x")) }
        #expect(error?.code == .unexpectedCall)
        #expect(
            error?.message
                == "StrataDataTesting: unexpected call to save(Item); this double allows only: register, query, count")
    }

    @Test("each operation is gated by its own name; list forms read save([Item]) and delete([Item])")
    func everyOperationIsGated() async throws {
        let store = DataLayerFactory.inMemory(allowing: [.register]).store
        try store.register(Item.self)
        let calls: [(String, () async throws -> Void)] = [
            ("save([Item])", { _ = try store.save([Item("x")]) }),
            ("fetch(Item)", { _ = try store.fetch(Item.self, id: "x") }),
            ("delete(Item)", { _ = try store.delete(Item("x")) }),
            ("delete([Item])", { _ = try store.delete([Item("x")]) }),
            ("deleteAll(Item)", { _ = try store.deleteAll(Item.self) }),
            ("query(Item)", { _ = try store.query(Query<Item>()) }),
            ("count(Item)", { _ = try store.count(Query<Item>()) }),
        ]
        for (call, body) in calls {
            let error = await asyncDataError(body)
            #expect(error?.code == .unexpectedCall, "\(call)")
            #expect(error?.message.contains("unexpected call to \(call);") == true, "\(call)")
        }
    }

    @Test("an empty allowed set refuses even register")
    func emptyAllowedSetRefusesEverything() {
        let error = dataError { try DataLayerFactory.inMemory(allowing: []).store.register(Item.self) }
        #expect(error?.message == "StrataDataTesting: unexpected call to register(Item); this double allows no calls")
    }

    @Test("a refused call changes nothing")
    func refusedCallChangesNothing() throws {
        let store = DataLayerFactory.inMemory(allowing: [.register, .save, .count]).store
        try store.register(Item.self)
        _ = try store.save(Item("kept"))
        #expect(dataError { try store.deleteAll(Item.self) }?.code == .unexpectedCall)
        #expect(try store.count(Query<Item>()) == 1)
    }

    @Test("a read-only double registers, reads as empty and refuses every write")
    func readOnlyRefusesWrites() throws {
        let layer = DataLayerFactory.inMemory(readOnly: true)
        #expect(!layer.isWritable)
        let store = layer.store
        try store.register(Item.self)
        #expect(try store.query(Query<Item>().whereKey("rank", .greater, 1)).isEmpty)
        #expect(try store.count(Query<Item>()) == 0)
        #expect(try store.fetch(Item.self, id: "x") == nil)
        var stored = Item("x")
        stored.objectId = "x"
        let writes: [() throws -> Void] = [
            { _ = try store.save(Item("x")) }, { _ = try store.save([Item("x")]) }, { _ = try store.delete(stored) },
            { _ = try store.delete([stored]) }, { _ = try store.deleteAll(Item.self) },
        ]
        for write in writes {
            let error = dataError(write)
            #expect(error?.code == .readOnly)
            #expect(error?.message.contains("Item") == true)
        }
    }

    @Test("a read-only double still validates schemas and queries")
    func readOnlyStillValidates() throws {
        let store = DataLayerFactory.inMemory(readOnly: true).store
        #expect(dataError { try store.register(BadKey.self) }?.code == .invalidSchema)
        try store.register(Item.self)
        #expect(dataError { try store.count(Query<Item>().whereKey("nope", .equal, 1)) }?.code == .unknownKey)
    }

    @Test("a writable double says where its temporary store lives and that it can write")
    func writableLayerDescribesItself() {
        let layer = DataLayerFactory.inMemory()
        #expect(layer.isWritable)
        #expect(layer.location.hasPrefix("/") && layer.location.hasSuffix(".sqlite"))
        #expect(FileManager.default.fileExists(atPath: layer.location))
    }

    @Test("the temporary store is removed when the last part of the layer is released")
    func temporaryStoreGoesWithTheLayer() throws {
        var store: (any ValueObjectStore)?
        let location: String
        do {
            let layer = DataLayerFactory.inMemory()
            location = layer.location
            store = layer.store
        }
        try store?.register(Item.self)
        #expect(FileManager.default.fileExists(atPath: location), "a part still in use keeps the store")
        store = nil
        #expect(!FileManager.default.fileExists(atPath: location))
        #expect(!FileManager.default.fileExists(atPath: (location as NSString).deletingLastPathComponent))
    }

    @Test("an injected failure is thrown instead of the call, which changes nothing; other calls still work")
    func injectedFailureReplacesTheCall() async throws {
        let failure = DataError(.sqlite, "disk I/O error reading test.sqlite")
        let layer = DataLayerFactory.inMemory(failing: [.fetch: failure, .deleteAll: failure, .pendingCount: failure])
        let store = layer.store
        try store.register(Parcel.self)
        try store.register(Item.self)
        let saved = try store.save(Item("kept"))
        #expect(dataError { try store.fetch(Item.self, id: saved.objectId ?? "") } == failure)
        #expect(dataError { try store.deleteAll(Item.self) } == failure)
        #expect(try store.count(Query<Item>()) == 1)
        _ = try store.save(Parcel("journalled"))
        #expect(await dataError { try await layer.journal.pendingCount() } == failure)
        #expect(try await layer.journal.changes(in: [.pending], limit: nil).count == 1)
    }

    @Test("a refused call is refused even when a failure is injected for it: allowing is checked first")
    func refusalComesBeforeInjectedFailure() throws {
        let store = DataLayerFactory.inMemory(
            allowing: [.register], failing: [.save: DataError(.busy, "the store is busy")]
        ).store
        try store.register(Item.self)
        #expect(dataError { try store.save(Item("x")) }?.code == .unexpectedCall)
    }

    @Test("a failing notices member ends its stream at once")
    func failingNoticesEndAtOnce() async throws {
        let layer = DataLayerFactory.inMemory(failing: [.notices: DataError(.sqlite, "no watcher")])
        var iterator = layer.notices.changes(of: []).makeAsyncIterator()
        #expect(await iterator.next() == nil)
    }

    @Test("each double has its own state")
    func doublesAreIsolated() throws {
        let first = DataLayerFactory.inMemory().store
        let second = DataLayerFactory.inMemory().store
        try first.register(Item.self)
        _ = try first.save(Item("only in first"))
        #expect(dataError { try second.count(Query<Item>()) }?.code == .notRegistered)
        try second.register(Item.self)
        #expect(try second.count(Query<Item>()) == 0)
    }

    @Test("saves from many threads at once all land, each with its own id")
    func concurrentSavesAreSafe() async throws {
        let store = DataLayerFactory.inMemory().store
        try store.register(Item.self)
        let ids = try await withThrowingTaskGroup(of: [String].self) { group in
            for worker in 0..<8 {
                group.addTask {
                    try (0..<50).map { try store.save(Item("w\(worker)-\($0)", rank: $0)).objectId ?? "" }
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        #expect(Set(ids).count == 400)
        #expect(try store.count(Query<Item>()) == 400)
        #expect(try store.count(Query<Item>().whereKey("rank", .equal, 7)) == 8)
    }

    @Test("ids sort in creation order, so objectId ties follow insertion")
    func idsSortInCreationOrder() throws {
        let store = DataLayerFactory.inMemory().store
        try store.register(Item.self)
        let ids = try (0..<20).map { try store.save(Item("i\($0)")).objectId ?? "" }
        #expect(ids == ids.sorted())
        #expect(try store.query(Query<Item>()).map(\.name) == (0..<20).map { "i\($0)" })
    }
}
