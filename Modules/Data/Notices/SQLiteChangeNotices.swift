import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataCrossCutting
import StrataJournal
import Synchronization

/// The live `ChangeNotices`: each stream has a watcher with its own read-only connection
/// that polls `PRAGMA data_version` and, when another connection (of any process, this one's
/// shared connection included) committed, reads the tiny `_strata_type_versions` table and
/// yields the types whose counters moved. Value-object tables are never read.
///
/// Each stream's watcher opens its connection and polls on a Dispatch timer, both on a serial
/// queue of its own (a ``BlockingLane``), not on Swift's cooperative thread pool: its SQLite
/// work blocks, and a pool busy with synchronous work must not delay the "within a second"
/// promise.
final class SQLiteChangeNotices: ChangeNotices {
    private let url: URL
    private let pollInterval: Duration
    private let logger: Logger
    /// How many watchers are running (tests check that a cancelled stream stops its watcher).
    private let running = Mutex(0)
    /// When a watcher last yielded a change (tests measure notice latency here, independent of
    /// how soon the consuming task gets a thread).
    private let lastYield = Mutex<ContinuousClock.Instant?>(nil)

    /// Notices for `database`'s file, checked every `pollInterval` (0.2 s keeps the
    /// "within a second" promise with room to spare; a check is one pragma read).
    init(database: SQLiteDatabase, pollInterval: Duration = .milliseconds(200)) {
        url = database.url
        logger = database.logger
        self.pollInterval = pollInterval
    }

    /// The number of streams whose watcher is still running.
    var runningWatchers: Int { running.withLock { $0 } }

    /// When a watcher of this object last yielded a change.
    var lastYieldedAt: ContinuousClock.Instant? { lastYield.withLock { $0 } }

    /// A stream of the changes committed after this call returns.
    ///
    /// The watcher's connection opens (and takes its baseline) on the stream's polling queue;
    /// the caller is suspended meanwhile. When the store cannot be opened for watching, the
    /// error is logged and the stream ends at once (the protocol has no way to throw here).
    func changes(of typeNames: Set<String>) async -> AsyncStream<StoreChange> {
        let (stream, continuation) = AsyncStream.makeStream(of: StoreChange.self)
        let queue = BlockingLane(label: "strata.change-notices", qos: .utility)
        let polling: Polling
        do {
            polling = try await queue.run { [url, logger] in
                Polling(try ChangeWatcher(path: url.path, typeNames: typeNames, logger: logger))
            }
        } catch {
            logger.error("cannot watch the store for changes", metadata: ["path": "\(url.path)", "error": "\(error)"])
            continuation.finish()
            return stream
        }
        running.withLock { $0 += 1 }
        polling.start(on: queue, every: DispatchTimeInterval.nanoseconds(Int(pollInterval / .nanoseconds(1)))) { [self] in
            running.withLock { $0 -= 1 }
            continuation.finish()
        } yield: { [self] change in
            lastYield.withLock { $0 = .now }
            continuation.yield(change)
        }
        continuation.onTermination = { _ in polling.cancel() }
        return stream
    }
}

/// One stream's watcher and timer, reachable from the timer's handler and from the stream's
/// termination (on any thread): both are only touched under their mutexes.
private final class Polling: Sendable {
    private let watcher: Mutex<ChangeWatcher>
    private let timer = Mutex<(any DispatchSourceTimer)?>(nil)

    init(_ watcher: sending ChangeWatcher) {
        self.watcher = Mutex(watcher)
    }

    /// One check by the watcher.
    func poll() -> StoreChange? { watcher.withLock { $0.poll() } }

    /// Starts polling on `queue` every `interval`, calling `yield` with each change;
    /// `finished` runs once the timer is cancelled.
    func start(
        on queue: BlockingLane, every interval: DispatchTimeInterval, finished: @escaping @Sendable () -> Void,
        yield: @escaping @Sendable (StoreChange) -> Void
    ) {
        timer.withLock { slot in
            let timer = queue.makeTimer()
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(20))
            timer.setEventHandler { [self] in
                if let change = poll() { yield(change) }
            }
            timer.setCancelHandler(handler: finished)
            timer.resume()
            slot = timer
        }
    }

    /// Stops the timer (its cancel handler ends the stream); the handlers, and with them this
    /// object, are released once Dispatch has finished cancelling.
    func cancel() {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }
}
