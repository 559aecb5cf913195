import Foundation
import StrataContainer
import StrataDomain
import StrataJournal
import Synchronization

/// A service that watches the shared store while the host runs and posts a notification to the
/// container for each new item: the base of the two watchers.
///
/// It subscribes to the data layer's cross-process change notices for its source's type
/// (`notices.changes(of:)`: within a second of any process committing, strata-notifyd
/// included) and, on each notice, asks its source for the items newer than the last one it
/// posted. A source may also ask to be checked on a timer (follow-ups fall due when the day
/// turns, without any commit). Checks run one at a time, in one task; notices that arrive
/// during a check are folded into one more check.
///
/// Each notification posted redraws the screen on top at once on a full-screen terminal (the
/// container does it after the broadcast): nobody has to type for it to show.
final class StoreWatcher: StrataService {
    /// What one kind of watcher reads and posts.
    struct Source: Sendable {
        /// The value-object type whose commits may bring new items.
        let typeName: String
        /// Check this often even without a notice (`nil`: only on notices).
        let recheckInterval: Duration?
        /// The items not yet posted according to `mark`, oldest first, moving `mark` past them.
        /// Called once at start to take the baseline (what is there then is not posted).
        let fresh: @Sendable (any DomainServices, inout Watermark) async throws -> [NotificationPayload]
        /// Posts one payload (remote or local notification).
        let post: @Sendable (NotificationPayload, any ContainerContext) async -> Void
    }

    private struct Running {
        var tasks: [Task<Void, Never>] = []
        var wake: AsyncStream<Void>.Continuation?
    }

    private let domain: any DomainServices
    private let notices: any ChangeNotices
    private let source: Source
    private let mark = Mutex(Watermark())
    private let running = Mutex(Running())

    init(domain: any DomainServices, notices: any ChangeNotices, source: Source) {
        self.domain = domain
        self.notices = notices
        self.source = source
    }

    /// Subscribes to the notices, takes the baseline, then checks on every notice (and tick)
    /// until destroyed.
    ///
    /// - Throws: the domain's error when the baseline cannot be read.
    func start(context: any ContainerContext) async throws {
        // Subscribe before the baseline: a commit after it is then always noticed.
        let changes = await notices.changes(of: [source.typeName])
        var baseline = Watermark()
        _ = try await source.fresh(domain, &baseline)
        mark.withLock { $0 = baseline }
        let (wakeups, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        var tasks = [
            Task { [self] in
                for await _ in wakeups { await check(context: context) }
            },
            Task {
                for await _ in changes { wake.yield() }
            },
        ]
        if let interval = source.recheckInterval {
            tasks.append(
                Task {
                    while (try? await Task.sleep(for: interval)) != nil { wake.yield() }
                })
        }
        running.withLock {
            $0.tasks = tasks
            $0.wake = wake
        }
    }

    /// Stops watching: ends the notice subscription and the checks.
    func willDestroy() async {
        let stopped = running.withLock { running in
            defer { running = Running() }
            return running
        }
        stopped.wake?.finish()
        for task in stopped.tasks { task.cancel() }
    }

    /// One check: reads what is new since the mark and posts it, oldest first. A failed read
    /// is retried at the next notice or tick (the mark has not moved).
    func check(context: any ContainerContext) async {
        var next = mark.withLock { $0 }
        guard let items = try? await source.fresh(domain, &next) else { return }
        mark.withLock { $0 = next }
        for payload in items { await source.post(payload, context) }
    }
}
