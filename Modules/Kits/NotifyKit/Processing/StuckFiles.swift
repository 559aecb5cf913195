import Synchronization

/// The files of `new/` that could not be moved out of it, each skipped until its own retry
/// time: one stuck file is tried again after ``firstPause`` (1 s), then twice that, four times
/// … up to ``longestPause``, while every other file goes on at the daemon's usual pace.
///
/// Kept in memory by one ``InboxProcessor`` (a daemon's passes share it); a file that leaves
/// `new/` is forgotten.
final class StuckFiles: Sendable {
    /// The longest a stuck file waits between two tries, in seconds.
    static let longestPause: Double = 300

    private struct Entry {
        var failures: Int
        var retryAt: ContinuousClock.Instant
    }

    private let entries = Mutex<[InboxFileName: Entry]>([:])
    /// The wait after a file's first failure, in seconds (doubled after each next one).
    let firstPause: Double

    /// Stuck files waiting `firstPause` seconds after their first failure.
    init(firstPause: Double = 1) {
        self.firstPause = firstPause
    }

    /// Whether `name` is stuck and its retry time has not come yet.
    func isWaiting(_ name: InboxFileName) -> Bool {
        let now = ContinuousClock.now
        return entries.withLock { $0[name].map { now < $0.retryAt } ?? false }
    }

    /// Remembers one more failure to move `name`; returns the seconds until it is tried again.
    @discardableResult
    func remember(_ name: InboxFileName) -> Double {
        let now = ContinuousClock.now
        return entries.withLock { entries in
            let failures = (entries[name]?.failures ?? 0) + 1
            let pause = min(firstPause * Double(1 << min(failures - 1, 16)), Self.longestPause)
            entries[name] = Entry(failures: failures, retryAt: now + .milliseconds(Int(pause * 1000)))
            return pause
        }
    }

    /// How long until the first stuck file's retry time (zero when one is due), or `nil` when
    /// none is stuck: the daemon's wait for changes never outlasts it.
    func untilNextRetry() -> Duration? {
        let now = ContinuousClock.now
        return entries.withLock { entries in entries.values.map(\.retryAt).min() }.map { max(.zero, $0 - now) }
    }

    /// Forgets `name` (it was moved, or is gone).
    func forget(_ name: InboxFileName) {
        _ = entries.withLock { $0.removeValue(forKey: name) }
    }

    /// Forgets every file not in `names` (the ones still waiting in `new/`).
    func keepOnly(_ names: [InboxFileName]) {
        let present = Set(names)
        entries.withLock { entries in entries = entries.filter { present.contains($0.key) } }
    }
}
