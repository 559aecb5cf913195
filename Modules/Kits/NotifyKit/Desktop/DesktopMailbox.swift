import Glibc
import Synchronization

/// What the async world hands the desktop link's thread: notifications to show and the request
/// to close, with a pipe that wakes the thread from its `poll` on the bus.
final class DesktopMailbox: Sendable {
    private struct State {
        var pending: [DesktopContent] = []
        var closing = false
        var finished = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The most notifications waiting at once; past it the oldest waiting one is dropped (its
    /// line was printed all the same).
    static let limit = 256

    private let state = Mutex(State())
    /// The pipe's reading end, which the thread polls beside the bus.
    let wakeDescriptor: Int32
    /// The pipe's writing end: one byte wakes the thread.
    private let wakeWriter: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            for end in ends {
                _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
                _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            }
        }
        (wakeDescriptor, wakeWriter) = (ends[0], ends[1])
    }

    /// Queues `content` for the thread (ignored once closing) and wakes it.
    func post(_ content: DesktopContent) {
        let posted = state.withLock { state in
            guard !state.closing else { return false }
            if state.pending.count >= Self.limit { state.pending.removeFirst() }
            state.pending.append(content)
            return true
        }
        if posted { wake() }
    }

    /// The thread's side: takes what waits, and whether a close was asked for.
    func take() -> (pending: [DesktopContent], closing: Bool) {
        state.withLock { state in
            defer { state.pending.removeAll() }
            return (state.pending, state.closing)
        }
    }

    /// Asks the thread to show what waits and stop; returns once it has (at once when it has already).
    func close() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                state.closing = true
                if state.finished { return true }
                state.waiters.append(continuation)
                return false
            }
            if done { continuation.resume() } else { wake() }
        }
    }

    /// The thread's last word: it has stopped; every ``close()`` returns.
    func finish() {
        let waiters = state.withLock { state in
            state.closing = true
            state.finished = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }

    /// Wakes the thread from its `poll`.
    private func wake() {
        var one: UInt8 = 1
        _ = write(wakeWriter, &one, 1)  // a full pipe already wakes it
    }

    /// Clears the wake-up (the thread calls it after each `poll`).
    func drainWake() {
        var bytes = [UInt8](repeating: 0, count: 64)
        while read(wakeDescriptor, &bytes, bytes.count) > 0 {}
    }

    deinit {
        for end in [wakeDescriptor, wakeWriter] where end >= 0 { Glibc.close(end) }
    }
}
