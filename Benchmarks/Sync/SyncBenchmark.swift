import Foundation
import Logging
import StrataBenchSupport
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataJournal
import StrataStore
import StrataSync

/// One run: K pushing clients save N objects between them and push them at once; then K pulling
/// clients, other users of the same group, each pull all N into their own store. Every client
/// is a live data layer on its own container.
struct SyncBenchmark {
    /// The figures of one run.
    struct Figures {
        var saveSeconds: Double
        var pushSeconds: Double
        var pulled: Int
        var pullSeconds: Double
    }

    let changes: Int
    let batchSize: Int
    let scratch: URL
    let configuration: SyncConfiguration
    let logger: Logger

    /// Runs the benchmark: each of `pushers` saves its share of the N objects and all push at
    /// once; then each of `pullers` (other users of the same group) pulls all N at once.
    func run(pushers: [String], pullers: [String], password: String) async throws -> Figures {
        var clients: [(any DataLayer, any SyncEngine)] = []
        var saveSeconds = 0.0
        for (index, pusher) in pushers.enumerated() {
            let share = changes / pushers.count + (index < changes % pushers.count ? 1 : 0)
            let a = try await DataLayerFactory.live(
                container: ContainerDirectory(url: scratch.appendingPathComponent("push-\(index)")), logger: logger)
            let aSync = SyncFactory.live(data: a, configuration: configuration, logger: logger)
            try await a.store.register(CaseReport.self)
            _ = try await aSync.login(account: pusher, password: password)
            let objects = (0..<share).map { CaseReport(benchIndex: $0 * pushers.count + index) }
            let saveStart = ContinuousClock.now
            _ = try await a.store.save(objects)
            saveSeconds += seconds(since: saveStart)
            guard try await aSync.status().pendingCount == share else {
                throw ServerChild.Failure(description: "expected \(share) pending changes, found \(try await aSync.status().pendingCount)")
            }
            clients.append((a, aSync))
        }

        // Push alone: the background loop pushes pending changes and pulls only types with an
        // auto-refresh interval (none here), so it measures the push without the pull-back a
        // `syncNow` would add.
        // It polls the journal's pending count (an index range the push reads anyway) every
        // 20 ms, and the full status, which counts every journal row, only once a second.
        let pushStart = ContinuousClock.now
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (a, aSync) in clients {
                group.addTask {
                    aSync.start()
                    defer { aSync.stop() }
                    var polls = 0
                    while try await a.journal.pendingCount() > 0 {
                        polls += 1
                        if polls % 50 == 0, let error = try await aSync.status().lastError, try await aSync.status().connectivity == .offline {
                            throw ServerChild.Failure(description: "push failed: \(error)")
                        }
                        try await Task.sleep(for: .milliseconds(20))
                    }
                }
            }
            try await group.waitForAll()
        }
        let pushSeconds = seconds(since: pushStart)
        for (_, aSync) in clients {
            let rejected = try await aSync.status().rejectedCount
            guard rejected == 0 else { throw ServerChild.Failure(description: "\(rejected) changes were rejected") }
        }

        var pullClients: [(any DataLayer, any SyncEngine)] = []
        for (index, puller) in pullers.enumerated() {
            let b = try await DataLayerFactory.live(
                container: ContainerDirectory(url: scratch.appendingPathComponent("pull-\(index)")), logger: logger)
            let bSync = SyncFactory.live(data: b, configuration: configuration, logger: logger)
            try await b.store.register(CaseReport.self)
            _ = try await bSync.login(account: puller, password: password)
            pullClients.append((b, bSync))
        }
        let pullStart = ContinuousClock.now
        let pulled = try await withThrowingTaskGroup(of: Int.self) { group in
            for (_, bSync) in pullClients {
                group.addTask { try await bSync.syncNow().pulledCount }
            }
            return try await group.reduce(0, +)
        }
        let pullSeconds = seconds(since: pullStart)
        for (b, _) in pullClients {
            let stored = try await b.store.count(Query<CaseReport>())
            guard stored == changes else {
                throw ServerChild.Failure(description: "a pulling client holds \(stored) objects after the pull; expected \(changes)")
            }
        }
        return Figures(saveSeconds: saveSeconds, pushSeconds: pushSeconds, pulled: pulled, pullSeconds: pullSeconds)
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
