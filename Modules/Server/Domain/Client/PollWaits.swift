import Synchronization

/// The pauses of the push-channel polls between two reads of their messages, and the switch that
/// ends them all at once when the server shuts down.
///
/// Once ``endAll()`` has run, every paused poll resumes at once and every later pause returns
/// at once, so a poll answers what it has instead of waiting up to its `wait`.
final class PollWaits: Sendable {
    private struct State {
        var ended = false
        var nextId = 0
        var sleepers: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// Whether ``endAll()`` has run.
    var ended: Bool { state.withLock { $0.ended } }

    /// Resumes every paused poll and makes later pauses return at once.
    func endAll() {
        let sleepers = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.ended = true
            defer { state.sleepers.removeAll() }
            return Array(state.sleepers.values)
        }
        for sleeper in sleepers { sleeper.resume() }
    }

    /// Waits `duration`, or less: until ``endAll()`` runs or the task is cancelled.
    func pause(for duration: Duration) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(for: duration) }
            group.addTask { await self.untilEnded() }
            await group.next()
            group.cancelAll()
        }
    }

    /// Returns when ``endAll()`` runs or the task is cancelled.
    private func untilEnded() async {
        let id = state.withLock { state in
            state.nextId += 1
            return state.nextId
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state in
                    if state.ended || Task.isCancelled { return true }
                    state.sleepers[id] = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            // Runs after `Task.isCancelled` turned true: either the continuation is registered
            // and is taken out here, or the registration above sees the cancellation.
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.resume()
        }
    }
}
