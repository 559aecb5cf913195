import Foundation
import StrataData
import StrataDataTesting
import Testing

/// The store rules the in-memory double shares with the SQLite store; each test runs on both.
@Suite("in-memory double and SQLite store: the same store rules")
struct StoreContractTests {
    @Test("using a type before registering it names the type and says to call register", arguments: StoreKind.allCases)
    func unregisteredTypeIsAClearError(kind: StoreKind) throws {
        try kind.withStore { store in
            let error = dataError { try store.save(ItemImpostor()) }
            #expect(error?.code == .notRegistered)
            #expect(error?.message.contains("Item") == true)
            #expect(error?.message.contains("register(ItemImpostor.self)") == true)
        }
    }

    @Test("every operation on an unregistered type is refused", arguments: StoreKind.allCases)
    func everyOperationNeedsRegistration(kind: StoreKind) throws {
        try kind.withStore { store in
            #expect(dataError { try store.fetch(ItemImpostor.self, id: "x") }?.code == .notRegistered)
            #expect(dataError { try store.query(Query<ItemImpostor>()) }?.code == .notRegistered)
            #expect(dataError { try store.count(Query<ItemImpostor>()) }?.code == .notRegistered)
            #expect(dataError { try store.deleteAll(ItemImpostor.self) }?.code == .notRegistered)
        }
    }

    @Test("a schema with a bad key is rejected when registered", arguments: StoreKind.allCases)
    func badSchemaIsRejected(kind: StoreKind) throws {
        try kind.withStore { store in
            let error = dataError { try store.register(BadKey.self) }
            #expect(error?.code == .invalidSchema)
            #expect(error?.message.contains("two words") == true)
        }
    }

    @Test("two Swift types cannot share one value-object name", arguments: StoreKind.allCases)
    func typeNamesAreUnique(kind: StoreKind) throws {
        try kind.withStore { store in
            #expect(dataError { try store.register(ItemImpostor.self) }?.code == .invalidSchema)
            try store.register(Item.self)  // registering the same type again is fine
        }
    }

    @Test("inserting gives each object a new unique id and fetch returns it unchanged", arguments: StoreKind.allCases)
    func insertGivesUniqueIds(kind: StoreKind) throws {
        try kind.withStore { store in
            var item = Item("alpha", rank: 3, score: 1.5, note: "n", bytes: [0, 255])
            item.flag = true
            item.when = .init(timeIntervalSince1970: 1_700_000_000.25)
            let first = try store.save(item)
            let second = try store.save(item)
            let id = try #require(first.objectId)
            #expect(!id.isEmpty)
            #expect(first.objectId != second.objectId)
            var expected = item
            expected.objectId = id
            #expect(try store.fetch(Item.self, id: id) == expected)
            #expect(try store.fetch(Item.self, id: "no-such-id") == nil)
        }
    }

    @Test("saving an object with an id updates it; a missing id is notFound and saves nothing", arguments: StoreKind.allCases)
    func updateReplacesAndMissingIdIsNotFound(kind: StoreKind) throws {
        try kind.withStore { store in
            var item = try store.save(Item("before", rank: 1))
            item.name = "after"
            item.note = "set"
            _ = try store.save(item)
            #expect(try store.fetch(Item.self, id: item.objectId ?? "") == item)

            var ghost = Item("ghost")
            ghost.objectId = "missing-id"
            let error = dataError { try store.save(ghost) }
            #expect(error?.code == .notFound)
            #expect(error?.message.contains("missing-id") == true)
            #expect(try store.count(Query<Item>()) == 1)
        }
    }

    @Test("a unique key refuses a second object with the same value, naming type.key and value", arguments: StoreKind.allCases)
    func uniqueKeyRefusesDuplicates(kind: StoreKind) throws {
        try kind.withStore { store in
            var badge = try store.save(Badge("gold", code: "G"))
            let error = dataError { try store.save(Badge("gold")) }
            #expect(error?.code == .duplicate)
            #expect(error?.message.contains("Badge.label") == true)
            #expect(error?.message.contains("'gold'") == true)
            // Saving the holder itself again is not a clash; nulls never clash.
            badge.code = "G2"
            _ = try store.save(badge)
            _ = try store.save(Badge("silver"))
            _ = try store.save(Badge("bronze"))
            // Text compares by bytes: another case is another value.
            _ = try store.save(Badge("GOLD"))
            #expect(try store.count(Query<Badge>()) == 4)
        }
    }

    @Test("a list is saved all or nothing", arguments: StoreKind.allCases)
    func listSaveIsAtomic(kind: StoreKind) throws {
        try kind.withStore { store in
            let error = dataError { try store.save([Badge("a"), Badge("b"), Badge("a")]) }
            #expect(error?.code == .duplicate)
            #expect(try store.count(Query<Badge>()) == 0)

            let saved = try store.save([Badge("a"), Badge("b")])
            #expect(saved.count == 2)
            #expect(Set(saved.compactMap(\.objectId)).count == 2)
            var renamed = saved[0]
            renamed.label = "renamed"
            var ghost = Badge("ghost")
            ghost.objectId = "missing-id"
            #expect(dataError { try store.save([renamed, ghost]) }?.code == .notFound)
            #expect(try store.fetch(Badge.self, id: renamed.objectId ?? "")?.label == "a")
        }
    }

    @Test("delete reports what it deleted; deleting a never-saved object is notFound", arguments: StoreKind.allCases)
    func deleteCounts(kind: StoreKind) throws {
        try kind.withStore { store in
            let saved = try store.save([Item("a"), Item("b"), Item("c"), Item("d")])
            #expect(try store.delete(saved[0]))
            #expect(try !store.delete(saved[0]))
            #expect(dataError { try store.delete(Item("never saved")) }?.code == .notFound)
            #expect(try store.delete([saved[0], saved[1]]) == 1)
            #expect(dataError { try store.delete([saved[2], Item("never saved")]) }?.code == .notFound)
            #expect(try store.count(Query<Item>()) == 2)  // the bad list deleted nothing
            #expect(try store.deleteAll(Item.self) == 2)
            #expect(try store.query(Query<Item>()).isEmpty)
        }
    }

    @Test("the async forms reach the in-memory store")
    func asyncFormsWork() async throws {
        let store = DataLayerFactory.inMemory().store
        try await store.async.register(Item.self)
        let saved = try await store.async.save(Item("async"))
        #expect(try await store.async.fetch(Item.self, id: saved.objectId ?? "")?.name == "async")
        #expect(try await store.async.count(Query<Item>()) == 1)
        #expect(try await store.async.deleteAll(Item.self) == 1)
    }
}
