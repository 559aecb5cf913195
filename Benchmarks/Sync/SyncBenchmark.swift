import Foundation
import Logging
import StrataCrossCutting
import StrataData

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
        let a = try DataLayerFactory.live(
            container: ContainerDirectory(url: scratch.appendingPathComponent("client-a")), logger: logger,
            sync: configuration)
        try await a.store.register(SyncRecord.self)
        _ = try await a.sync.login(account: pusher, password: password)
        let objects = (0..<changes).map(SyncRecord.init(index:))
        let saveStart = ContinuousClock.now
        _ = try await a.store.save(objects)
        let saveSeconds = seconds(since: saveStart)
        guard try a.sync.status().pendingCount == changes else {
            throw ServerChild.Failure(description: "expected \(changes) pending changes, found \(try a.sync.status().pendingCount)")
        }

        // Push alone: the background loop pushes pending changes and pulls only types with an
        // auto-refresh interval (none here), so it measures the push without the pull-back a
        // `syncNow` would add.
        // It polls the journal's pending count (an index range the push reads anyway) every
        // 20 ms, and the full status, which counts every journal row, only once a second.
        let pushStart = ContinuousClock.now
        a.sync.start()
        var polls = 0
        while try a.journal.pendingCount() > 0 {
            polls += 1
            if polls % 50 == 0, let error = try a.sync.status().lastError, try a.sync.status().connectivity == .offline {
                a.sync.stop()
                throw ServerChild.Failure(description: "push failed: \(error)")
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        let pushSeconds = seconds(since: pushStart)
        a.sync.stop()
        let rejected = try a.sync.status().rejectedCount
        guard rejected == 0 else { throw ServerChild.Failure(description: "\(rejected) changes were rejected") }

        let b = try DataLayerFactory.live(
            container: ContainerDirectory(url: scratch.appendingPathComponent("client-b")), logger: logger,
            sync: configuration)
        try await b.store.register(SyncRecord.self)
        _ = try await b.sync.login(account: puller, password: password)
        let pullStart = ContinuousClock.now
        let report = try await b.sync.syncNow()
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
