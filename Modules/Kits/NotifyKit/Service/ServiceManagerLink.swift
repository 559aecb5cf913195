import Synchronization

/// The daemon's side of the ``ServiceNotifier``: `READY=1` once, `WATCHDOG=1` whenever half the
/// watchdog interval has passed since the last ping (only when the service manager asked for
/// pings), `STOPPING=1` once, and only after `READY=1`.
///
/// The pings come from the run loop itself (between files, between passes, and through the
/// pause), so a loop that hangs stops pinging and systemd restarts the daemon. Each message is
/// sent while the state is locked, so none can follow `STOPPING=1` (a ping racing a signal).
final class ServiceManagerLink: Sendable {
    let notifier: any ServiceNotifier
    /// Half the watchdog interval: the longest the loop goes without a ping; `nil` without a watchdog.
    let pingInterval: Duration?

    private struct State {
        var ready = false
        var stopping = false
        var lastPing: ContinuousClock.Instant?
    }

    private let state = Mutex(State())

    init(_ notifier: any ServiceNotifier) {
        self.notifier = notifier
        pingInterval = notifier.watchdogInterval.map { $0 / 2 }
    }

    /// Says `READY=1` (once), then pings at once when a watchdog is on.
    func ready() {
        let notifier = self.notifier
        let first = state.withLock { state in
            guard !state.ready, !state.stopping else { return false }
            state.ready = true
            notifier.notify(.ready)
            return true
        }
        if first { pingIfDue() }
    }

    /// Says `WATCHDOG=1` when a watchdog is on and half its interval has passed since the last ping.
    func pingIfDue() {
        guard let pingInterval else { return }
        let notifier = self.notifier
        let now = ContinuousClock.now
        state.withLock { state in
            guard state.ready, !state.stopping else { return }
            if let last = state.lastPing, now - last < pingInterval { return }
            state.lastPing = now
            notifier.notify(.watchdog)
        }
    }

    /// How long until the next ping is due (`nil` without a watchdog): a pause sleeps at most this long.
    func untilNextPing() -> Duration? {
        guard let pingInterval else { return nil }
        let last = state.withLock { $0.lastPing }
        guard let last else { return .zero }
        return max(.zero, pingInterval - (ContinuousClock.now - last))
    }

    /// Says `STOPPING=1` (once, and only after `READY=1`): a graceful shutdown has begun.
    func stopping() {
        let notifier = self.notifier
        state.withLock { state in
            guard state.ready, !state.stopping else { return }
            state.stopping = true
            notifier.notify(.stopping)
        }
    }

    /// Sleeps `duration`, waking to ping whenever one is due (a pause longer than half the
    /// watchdog interval would otherwise let systemd think the loop hung).
    ///
    /// - Throws: `CancellationError` when the task is cancelled (a graceful shutdown).
    func sleep(for duration: Duration) async throws {
        try await sleep(for: duration, wakingOn: nil)
    }

    /// ``sleep(for:)``, ended early (returning `true`) by a change in the inbox that `changes`
    /// reports; `false` when the whole `duration` passed.
    ///
    /// - Throws: `CancellationError` when the task is cancelled (a graceful shutdown).
    @discardableResult
    func sleep(for duration: Duration, wakingOn changes: InboxChanges?) async throws -> Bool {
        var left = duration
        while left > .zero {
            let step = untilNextPing().map { min(left, max($0, .milliseconds(1))) } ?? left
            if let changes {
                let changed = await changes.wait(upTo: step)
                try Task.checkCancellation()
                if changed { return true }
            } else {
                try await Task.sleep(for: step)
            }
            left -= step
            pingIfDue()
        }
        return false
    }
}
