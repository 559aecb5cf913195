import Foundation
import StrataCrossCutting
import StrataData
import StrataMaintenance
import StrataStore
import StrataTestSupport
import Testing

/// The store's full page check on a schedule (`DataLayerFactory.checkIfDue`, what strata-notifyd
/// runs in the background): due when the time the store recorded for the last sound full check
/// is a period old, never recorded, or in the future; opening the live layer reads no more pages
/// than its statements need.
@Suite("full check on a schedule")
struct FullCheckScheduleTests {
    private let period = Duration.seconds(86_400)
    private let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A closed store of 300 samples with long names (many pages), its tallies, and a setting.
    private func store() async throws -> ContainerDirectory {
        let container = temporaryContainer()
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger)
        try await layer.store.register(Sample.self)
        _ = try await layer.store.save((0..<300).map { Sample(name: String(repeating: "n", count: 200) + "\($0)", count: $0) })
        return container
    }

    private func markerExists(_ container: ContainerDirectory) -> Bool {
        FileManager.default.fileExists(atPath: container.storeURL.path + "-damaged")
    }

    private func check(_ container: ContainerDirectory, at date: Date) async throws -> Bool {
        try await DataLayerFactory.checkIfDue(container: container, logger: quietLogger, every: period, clock: FixedClock(date))
    }

    @Test("a store never checked is checked, and not again within the period")
    func neverCheckedIsDue() async throws {
        let container = try await store()
        #expect(try await check(container, at: start))
        #expect(try await !check(container, at: start.addingTimeInterval(86_399)))
        #expect(try await check(container, at: start.addingTimeInterval(86_400)), "a day later it is due again")
    }

    @Test("a recent check is not repeated: damage in a page nothing read since is not looked for")
    func recentCheckIsNotRepeated() async throws {
        let container = try await store()
        #expect(try await check(container, at: start))
        try StoreDamage.damage(container.storeURL.path, table: "Sample", .leaf(1))
        #expect(try await !check(container, at: start.addingTimeInterval(3_600)))
        #expect(!markerExists(container))
    }

    @Test("a check older than the period reads every page: damage is found, marked for every process, one clear line")
    func overdueCheckFindsDamage() async throws {
        let container = try await store()
        #expect(try await check(container, at: start))
        try StoreDamage.damage(container.storeURL.path, table: "Sample", .leaf(1))
        let error = try await #require(throws: DataError.self) { try await check(container, at: start.addingTimeInterval(90_000)) }
        #expect(error.code == .damaged)
        #expect(error.message.contains(container.storeURL.path) && error.message.contains("strata-host store recover"))
        #expect(markerExists(container), "marked for every process")
        let refused = try await #require(throws: DataError.self) {
            _ = try await DataLayerFactory.live(container: container, logger: quietLogger)
        }
        #expect(refused.code == .damaged)
        let again = try await #require(throws: DataError.self) { try await check(container, at: start.addingTimeInterval(90_001)) }
        #expect(again.code == .damaged, "a marked store stays refused")
    }

    @Test("a recorded time in the future (a clock set back) is no proof of a recent check")
    func futureTimeIsDue() async throws {
        let container = try await store()
        #expect(try await check(container, at: start))
        #expect(try await check(container, at: start.addingTimeInterval(-60)))
    }

    @Test("store check records its time: the scheduled check counts from it")
    func storeCheckRecordsTheTime() async throws {
        let container = try await store()
        let result = try await DataLayerFactory.maintenance(container: container, logger: quietLogger).check(quick: false)
        #expect(result.isSound)
        // The maintenance recorded the system clock's now: a day has not passed since.
        #expect(try await !check(container, at: Date()))
    }

    @Test("opening the live store reads no page its statements do not need: damage elsewhere is left to the full check")
    func liveOpenDoesNotReadEveryPage() async throws {
        let container = try await store()
        try StoreDamage.damage(container.storeURL.path, table: "Sample", .leaf(1))
        let layer = try await DataLayerFactory.live(container: container, logger: quietLogger)
        try await layer.store.register(Sample.self)
        #expect(try await layer.store.count(Query<Sample>()) == 300, "the count reads the tallies, not the damaged leaf")
        #expect(!markerExists(container))
        await #expect(throws: DataError.self) { _ = try await self.check(container, at: self.start) }
        #expect(markerExists(container), "the full check finds it and marks the store")
    }
}
