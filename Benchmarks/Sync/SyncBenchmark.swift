import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataSync

/// One run: client A saves N objects and pushes them; client B, another user of the same
/// group, pulls them into its own store. Both are live data layers on their own containers.
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

    /// Runs the benchmark as `pusher` and then `puller` (both with `password`).
    func run(pusher: String, puller: String, password: String) async throws -> Figures {
        let a = try await DataLayerFactory.live(
            container: ContainerDirectory(url: scratch.appendingPathComponent("client-a")), logger: logger)
        let aSync = SyncFactory.live(data: a, configuration: configuration, logger: logger)
        try await a.store.register(SyncRecord.self)
        _ = try await aSync.login(account: pusher, password: password)
        let objects = (0..<changes).map(SyncRecord.init(index:))
        let saveStart = ContinuousClock.now
        _ = try await a.store.save(objects)
        let saveSeconds = seconds(since: saveStart)
        guard try await aSync.status().pendingCount == changes else {
            throw ServerChild.Failure(description: "expected \(changes) pending changes, found \(try await aSync.status().pendingCount)")
        }

        // Push alone: the background loop pushes pending changes and pulls only types with an
        // auto-refresh interval (none here), so it measures the push without the pull-back a
        // `syncNow` would add.
        // It polls the journal's pending count (an index range the push reads anyway) every
        // 20 ms, and the full status, which counts every journal row, only once a second.
        let pushStart = ContinuousClock.now
        aSync.start()
        var polls = 0
        while try await a.journal.pendingCount() > 0 {
            polls += 1
            if polls % 50 == 0, let error = try await aSync.status().lastError, try await aSync.status().connectivity == .offline {
                aSync.stop()
                throw ServerChild.Failure(description: "push failed: \(error)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let pushSeconds = seconds(since: pushStart)
        aSync.stop()
        let rejected = try await aSync.status().rejectedCount
        guard rejected == 0 else { throw ServerChild.Failure(description: "\(rejected) changes were rejected") }

        let b = try await DataLayerFactory.live(
            container: ContainerDirectory(url: scratch.appendingPathComponent("client-b")), logger: logger)
        let bSync = SyncFactory.live(data: b, configuration: configuration, logger: logger)
        try await b.store.register(SyncRecord.self)
        _ = try await bSync.login(account: puller, password: password)
        let pullStart = ContinuousClock.now
        let report = try await bSync.syncNow()
        let pullSeconds = seconds(since: pullStart)
        let stored = try await b.store.count(Query<SyncRecord>())
        guard stored == changes else {
            throw ServerChild.Failure(description: "client B holds \(stored) objects after the pull; expected \(changes)")
        }
        return Figures(saveSeconds: saveSeconds, pushSeconds: pushSeconds, pulled: report.pulledCount, pullSeconds: pullSeconds)
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
