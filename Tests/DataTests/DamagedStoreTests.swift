import CSQLite
import Foundation
import StrataCrossCutting
import StrataData
import StrataMaintenance
import StrataStore
import StrataTestSupport
import Testing

/// A store with a damaged page stops taking writes, says so in one line naming the file and
/// the recovery command, and tells every other process through its damaged mark.
@Suite("damaged stores")
struct DamagedStoreTests {
    /// A closed store in a fresh container holding `count` samples (long names spread them
    /// over many pages).
    private func storeWithSamples(_ count: Int, nameLength: Int = 8) async throws -> ContainerDirectory {
        let container = temporaryContainer()
        let store = try await makeStore(container)
        _ = try await store.save((0..<count).map { Sample(name: String(repeating: "n", count: nameLength) + "\($0)", count: $0) })
        return container
    }

    private func markerPath(_ container: ContainerDirectory) -> String { container.storeURL.path + "-damaged" }

    @Test("a corrupt page: the read fails as damaged, later writes refuse, and every later open refuses too")
    func corruptPageStopsWrites() async throws {
        let container = try await storeWithSamples(3)
        try StoreDamage.damage(container.storeURL.path, table: "Sample", .root)

        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger)
        let found = try await #require(throws: DataError.self) { try await layer.store.register(Sample.self) }
        #expect(found.code == .damaged)
        #expect(found.message.contains(container.storeURL.path))
        #expect(found.message.contains("strata-host store recover"))
        #expect(!found.message.contains("\n"))
        try await layer.store.register(Ticket.self)
        let refused = try await #require(throws: DataError.self) { try await layer.store.save(Ticket(code: "t-1")) }
        #expect(refused.code == .damaged)
        #expect(FileManager.default.fileExists(atPath: markerPath(container)))

        for open in [
            { _ = try await DataLayerFactory.live(container: container, logger: quietLogger) },
            { _ = try await DataLayerFactory.readOnly(container: container, logger: quietLogger) },
        ] {
            let error = try await #require(throws: DataError.self) { try await open() }
            #expect(error.code == .damaged)
            #expect(error.message.contains(container.storeURL.path) && error.message.contains("strata-host store recover"))
        }
    }

    @Test("a foreign SQLite file holding only a view is refused untouched, like one holding a table")
    func viewOnlyFileIsForeign() async throws {
        let container = temporaryContainer()
        try container.prepare()
        try SQLiteInspector(container.storeURL).execute("CREATE VIEW answers AS SELECT 42 AS answer")
        let before = try Data(contentsOf: container.storeURL)
        let error = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
        }
        #expect(error.code == .incompatibleStore)
        #expect(error.message.contains("is not a Strata store"))
        #expect(try Data(contentsOf: container.storeURL) == before)
    }

    @Test("store check lists the problems of a damaged file and clears a stale mark on a sound one")
    func checkFindsDamageAndClearsStaleMarks() async throws {
        let sound = try await storeWithSamples(3)
        try Data("an old complaint\n".utf8).write(to: URL(fileURLWithPath: markerPath(sound)))
        let clean = try await DataLayerFactory.maintenance(container: sound, logger: quietLogger).check(quick: false)
        #expect(clean.isSound)
        #expect(clean.clearedMark == "an old complaint")
        #expect(!FileManager.default.fileExists(atPath: markerPath(sound)))

        let damaged = try await storeWithSamples(200, nameLength: 200)
        try StoreDamage.damage(damaged.storeURL.path, table: "Sample", .leaf(1))
        for quick in [true, false] {
            let result = try await DataLayerFactory.maintenance(container: damaged, logger: quietLogger).check(quick: quick)
            #expect(!result.isSound, "quick: \(quick)")
        }
        #expect(FileManager.default.fileExists(atPath: markerPath(damaged)), "a damaged file found by check is marked")
    }

    @Test("recover keeps every readable row, keeps the damaged file byte for byte, and the new store works")
    func recoverSavesWhatIsReadable() async throws {
        let container = try await storeWithSamples(300, nameLength: 200)
        try StoreDamage.damage(container.storeURL.path, table: "Sample", .leaf(2))
        let damagedBytes = try Data(contentsOf: container.storeURL)

        let report = try await DataLayerFactory.maintenance(container: container, logger: quietLogger).recover()
        let sample = try #require(report.tables.first { $0.name == "Sample" })
        #expect(sample.metDamage)
        #expect(sample.expected == 300)
        #expect(sample.recovered > 250 && sample.recovered < 300, "one page of ~20 rows lost: \(sample)")
        #expect(sample.lost == 300 - sample.recovered)
        #expect(report.tables.first { $0.name == "_strata_settings" }?.metDamage == false)
        #expect(try Data(contentsOf: URL(fileURLWithPath: report.keptDamagedFile)) == damagedBytes)
        #expect(report.keptDamagedFile.hasPrefix(container.storeURL.path + ".damaged-"))
        #expect(!FileManager.default.fileExists(atPath: markerPath(container)))

        #expect(try await DataLayerFactory.maintenance(container: container, logger: quietLogger).check(quick: false).isSound)
        let store = try await makeStore(container)
        #expect(try await store.count(Query<Sample>()) == sample.recovered)
        _ = try await store.save(Sample(name: "after recovery", count: 1))
        #expect(try await store.count(Query<Sample>()) == sample.recovered + 1)
    }

    @Test("a store whose first page is unreadable is left exactly as it was by recover")
    func unreadableHeaderIsLeftAlone() async throws {
        let container = try await storeWithSamples(3)
        let handle = try FileHandle(forUpdating: container.storeURL)
        try handle.write(contentsOf: Data(repeating: 0x5A, count: 100))
        try handle.close()
        let before = try Data(contentsOf: container.storeURL)
        let error = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.maintenance(container: container, logger: quietLogger).recover()
        }
        #expect(error.message.contains(container.storeURL.path))
        #expect(try Data(contentsOf: container.storeURL) == before)
        #expect(!FileManager.default.fileExists(atPath: markerPath(container)), "a failed recovery leaves no new mark")
    }
}
