import Foundation
import Logging
import StrataCrossCutting
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Tells the daemon's loop when a file arrives in `new/`: inotify (`IN_CLOSE_WRITE`,
/// `IN_MOVED_TO`) read on a blocking lane of its own (``BlockingLane``), which blocks in `poll` and never holds a thread
/// of Swift's cooperative pool. The loop waits in ``wait(upTo:)`` for the next change or its
/// fallback poll, whichever comes first.
///
/// The fallback poll covers what inotify may miss: a queue overflow (`IN_Q_OVERFLOW`, which
/// wakes the loop too), a `new/` removed or replaced (the watch ends; the poll goes on), and
/// filesystems or systems where inotify cannot be used (no watch is made: ``isWatching`` is false).
final class InboxChanges: Sendable {
    private struct State {
        /// A change came while nobody waited: the next wait returns at once.
        var pending = false
        var waiter: CheckedContinuation<Bool, Never>?
        /// The stop pipe's writing end, until the thread closes it (it ends); -1 then.
        var stopWriter: Int32 = -1
    }

    private let state = Mutex(State())
    /// Whether inotify watches `new/` (else the loop relies on its poll alone).
    let isWatching: Bool

    private init(isWatching: Bool, stopWriter: Int32) {
        self.isWatching = isWatching
        state.withLock { $0.stopWriter = stopWriter }
    }

    /// Watches `folder` with inotify on a lane of its own; when inotify cannot be used there, a
    /// watcher that never wakes the loop, after one warning saying why and that the loop polls
    /// every `pollInterval` seconds.
    static func watch(_ folder: URL, pollInterval: Double, logger: Logger) -> InboxChanges {
        let inotify = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard inotify >= 0 else {
            logger.warning(
                "cannot watch \(folder.path) for new files (inotify_init1: \(String(cString: strerror(errno)))); looking every \(pollInterval) s")
            return InboxChanges(isWatching: false, stopWriter: -1)
        }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_ONLYDIR)
        guard inotify_add_watch(inotify, folder.path, mask) >= 0 else {
            logger.warning(
                "cannot watch \(folder.path) for new files (inotify_add_watch: \(String(cString: strerror(errno)))); looking every \(pollInterval) s")
            close(inotify)
            return InboxChanges(isWatching: false, stopWriter: -1)
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            logger.warning(
                "cannot watch \(folder.path) for new files (pipe: \(String(cString: strerror(errno)))); looking every \(pollInterval) s")
            close(inotify)
            return InboxChanges(isWatching: false, stopWriter: -1)
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let changes = InboxChanges(isWatching: true, stopWriter: ends[1])
        let stopReader = ends[0]
        // The watch blocks in `poll` until stopped: a lane of its own.
        BlockingLane(label: "strata-inbox").start {
            changes.run(inotify: inotify, stopReader: stopReader, folder: folder, pollInterval: pollInterval, logger: logger)
        }
        return changes
    }

    /// The thread's body: sleeps in `poll` on the inotify descriptor and the stop pipe, and
    /// wakes the loop for each batch of events; closes every descriptor when it ends.
    private func run(inotify: Int32, stopReader: Int32, folder: URL, pollInterval: Double, logger: Logger) {
        defer {
            close(inotify)
            close(stopReader)
            state.withLock { state in
                if state.stopWriter >= 0 { close(state.stopWriter) }
                state.stopWriter = -1
            }
        }
        // Room for many events at once (each is 16 bytes and its name).
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var descriptors = [
                pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stopReader, events: Int16(POLLIN), revents: 0),
            ]
            if poll(&descriptors, 2, -1) < 0 {
                if errno == EINTR { continue }
                logger.warning("cannot wait for changes in \(folder.path) (poll: \(String(cString: strerror(errno)))); looking every \(pollInterval) s")
                return
            }
            if descriptors[1].revents != 0 { return }  // stop() asked
            var watchEnded = false
            while true {
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }  // EAGAIN: read them all
                buffer.withUnsafeBytes { raw in
                    var offset = 0
                    while offset + 16 <= count {
                        let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                        let length = raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)
                        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                            logger.debug("inotify's queue overflowed: looking at new/ at once")
                        }
                        if mask & UInt32(IN_IGNORED) != 0 { watchEnded = true }
                        offset += 16 + Int(length)
                    }
                }
            }
            signal()
            if watchEnded {
                // new/ was removed or replaced: the loop's pass says so; the poll goes on.
                logger.warning("\(folder.path) is no longer watched (removed or replaced); looking every \(pollInterval) s")
                return
            }
        }
    }

    /// Wakes the loop's current wait, or the next one.
    func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: true)
    }

    /// Forgets a change already seen (the loop calls it right before a pass, which sees it).
    func clearPending() {
        state.withLock { $0.pending = false }
    }

    /// Waits until a change (then `true`), `duration` has passed or the task is cancelled
    /// (then `false`). Suspends; never blocks a thread.
    func wait(upTo duration: Duration) async -> Bool {
        if state.withLock({ state in defer { state.pending = false }; return state.pending }) { return true }
        guard isWatching, duration > .zero else {
            try? await Task.sleep(for: duration)
            return false
        }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.nextChange() }
            group.addTask {
                try? await Task.sleep(for: duration)
                return false
            }
            var changed = await group.next() ?? false
            group.cancelAll()
            // A change that came as the time ran out still counts.
            for await other in group { changed = changed || other }
            return changed
        }
    }

    /// The next change (`true`), or `false` once the task is cancelled.
    private func nextChange() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now = state.withLock { state -> Bool? in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    if Task.isCancelled { return false }
                    state.waiter = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: false)
        }
    }

    /// Ends the watching thread (it closes its descriptors); a second call does nothing.
    func stop() {
        state.withLock { state in
            guard state.stopWriter >= 0 else { return }
            var one: UInt8 = 1
            _ = write(state.stopWriter, &one, 1)
        }
    }
}
