import Foundation
import StrataCrossCutting
import StrataData
import StrataJournal
import StrataStore
import StrataTestSupport
import Testing

/// A read-only opener's page check with a budget (`PageVerification.upTo(bytes:)`, what
/// strata-status uses): every page of a small file; above the budget, the schema and the small
/// tables a summary reads, and the damage mark (the full check's, the writers') for the rest.
@Suite("page check budget")
struct PageBudgetTests {
    /// A closed store of 300 samples with long names (many pages), its tallies, and a setting.
    private func largeStore() async throws -> ContainerDirectory {
        let container = temporaryContainer()
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger)
        try await layer.store.register(Sample.self)
        try await layer.store.register(Counter.self)
        _ = try await layer.store.save((0..<300).map { Sample(name: String(repeating: "n", count: 200) + "\($0)", count: $0) })
        _ = try await layer.store.save((0..<3).map { Counter(label: "t\($0)") })
        try await layer.syncState.set([.server: "https://strata.example"])
        return container
    }

    private func markerExists(_ container: ContainerDirectory) -> Bool {
        FileManager.default.fileExists(atPath: container.storeURL.path + "-damaged")
    }

    /// The tiny budget a test uses instead of writing 8 MiB: every store is above it.
    private let tiny = PageVerification.upTo(bytes: 4096)

    @Test("within the budget every page is read: damage in a page no count reads is refused at once")
    func smallFileIsReadWhole() async throws {
        let container = try await largeStore()
        try StoreDamage.damage(container.storeURL.path, table: "Sample", .leaf(1))
        let error = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.readOnly(container: container, logger: quietLogger, verifyPages: .upTo(bytes: 1 << 30))
        }
        #expect(error.code == .damaged && error.message.contains(container.storeURL.path))
        #expect(!markerExists(container), "a reader never marks")
    }

    @Test("above the budget, damage in a table the summary reads is refused at once", arguments: ["_strata_counts", "_strata_settings"])
    func readTablesAreChecked(table: String) async throws {
        let container = try await largeStore()
        try StoreDamage.damage(container.storeURL.path, table: table, .root)
        let error = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.readOnly(container: container, logger: quietLogger, verifyPages: tiny)
        }
        #expect(error.code == .damaged)
        #expect(error.message.contains(container.storeURL.path) && error.message.contains("strata-host store recover"))
        #expect(!markerExists(container), "a reader never marks")
    }

    @Test("above the budget, damage in an unread page is refused once the full check has marked it")
    func unreadDamageIsLeftToTheWriters() async throws {
        let container = try await largeStore()
        try StoreDamage.damage(container.storeURL.path, table: "Sample", .leaf(1))
        let bytes = try Data(contentsOf: container.storeURL)

        // The summary's reads never pass the page: the open and the kept counts succeed.
        let reader = try #require(try await DataLayerFactory.readOnly(container: container, logger: quietLogger, verifyPages: tiny))
        try await reader.store.register(Sample.self)
        try await reader.store.register(Counter.self)
        #expect(try await reader.store.count(Query<Counter>()) == 3)
        #expect(try await reader.syncState.status().server == "https://strata.example")
        #expect(try Data(contentsOf: container.storeURL) == bytes, "a reader writes nothing")

        // The full check (strata-notifyd's, once a day) reads every page and marks the store for every process.
        let check = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.checkIfDue(container: container, logger: quietLogger)
        }
        #expect(check.code == .damaged)
        #expect(markerExists(container))
        let refused = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.readOnly(container: container, logger: quietLogger, verifyPages: tiny)
        }
        #expect(refused.code == .damaged)
        #expect(refused.message.contains(container.storeURL.path) && refused.message.contains("strata-host store recover"))
    }
}
