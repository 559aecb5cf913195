import Foundation
import StrataCrossCutting
import StrataData
import StrataStore
import Testing

@Suite("SQLite value-object store: sharing one file")
struct SharingTests {
    @Test("a store sees what another store on the same file committed, at once")
    func storesSeeEachOthersCommits() async throws {
        let container = temporaryContainer()
        let writer = try await makeStore(container)
        let reader = try await makeStore(container)
        #expect(try await reader.count(Query<Sample>()) == 0)
        _ = try await writer.save(Sample(name: "a", count: 1))
        #expect(try await reader.count(Query<Sample>()) == 1)
        _ = try await writer.save(Sample(name: "b", count: 2))
        #expect(try await reader.query(Query<Sample>()).count == 2)
    }

    @Test("read-only: no store file means no data layer, and nothing is created")
    func readOnlyWithoutStoreCreatesNothing() async throws {
        let container = temporaryContainer()
        #expect(try await DataLayerFactory.readOnly(container: container, logger: quietLogger) == nil)
        #expect(!FileManager.default.fileExists(atPath: container.url.path))
    }

    @Test("read-only: reads what writers stored, refuses writes, never creates tables")
    func readOnlyReadsButNeverWrites() async throws {
        let container = temporaryContainer()
        let writer = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await writer.register(Sample.self)
        _ = try await writer.save(Sample(name: "a", count: 1))
        let layer = try #require(try await DataLayerFactory.readOnly(container: container, logger: quietLogger))
        #expect(!layer.isWritable)
        try await layer.store.register(Sample.self)
        try await layer.store.register(Ticket.self)
        #expect(try await layer.store.count(Query<Sample>()) == 1)
        #expect(try await layer.store.query(Query<Ticket>()).isEmpty)
        let error = try await #require(throws: DataError.self) { try await layer.store.save(Sample(name: "b", count: 2)) }
        #expect(error.code == .readOnly)
        let tables = try SQLiteInspector(container.storeURL).rows("SELECT name FROM sqlite_schema WHERE type = 'table'")
        #expect(!tables.contains(["Ticket"]))
    }

    @Test("read-only: a table missing columns a newer schema added reads them as defaults")
    func readOnlyToleratesOlderTables() async throws {
        let container = temporaryContainer()
        let writer = try await DataLayerFactory.live(container: container, logger: quietLogger).store
        try await writer.register(ItemV1.self)
        var item = ItemV1()
        item.title = "old"
        _ = try await writer.save(item)
        let reader = try #require(try await DataLayerFactory.readOnly(container: container, logger: quietLogger)).store
        try await reader.register(ItemV2.self)
        let read = try await reader.query(Query<ItemV2>())
        #expect(read.map(\.title) == ["old"] && read.map(\.priority) == [3])
        let columns = try SQLiteInspector(container.storeURL).rows("SELECT name FROM pragma_table_info('Item')")
        #expect(!columns.contains(["priority"]) && !columns.contains(["tag"]))
    }

    @Test("several stores writing one file at once lose nothing and never report a lock")
    func concurrentWritersLoseNothing() async throws {
        let container = temporaryContainer()
        _ = try await makeStore(container)
        let writers = 4
        let perWriter = 50
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let store = try await makeStore(container)
                    for index in 0..<perWriter {
                        _ = try await store.save(Sample(name: "w\(writer)", count: index))
                    }
                }
            }
            try await group.waitForAll()
        }
        let store = try await makeStore(container)
        #expect(try await store.count(Query<Sample>()) == writers * perWriter)
        for writer in 0..<writers {
            #expect(try await store.count(Query<Sample>().whereKey("name", .equal, "w\(writer)")) == perWriter)
        }
    }
}
