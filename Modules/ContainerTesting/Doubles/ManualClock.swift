public import StrataContainer
import Synchronization

/// A deadline clock that moves only when a test advances it.
///
/// `sleep(for:)` suspends until ``advance(by:)`` moves the clock past the sleeper's deadline
/// (or its task is cancelled). Use ``waitForSleepers(_:)`` to be sure a deadline is armed
/// before advancing.
public final class ManualClock: DeadlineClock {
    private struct Sleeper {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var nextID = 0
        var sleepers: [Int: Sleeper] = [:]
        var cancelledEarly: Set<Int> = []
    }

    private let state = Mutex(State())

    /// Creates a clock at time zero.
    public init() {}

    /// How far the clock has been advanced.
    public var now: Duration { state.withLock { $0.now } }

    /// How many sleepers are waiting.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until the clock is advanced by `duration` (immediately for zero or less).
    public func sleep(for duration: Duration) async throws {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: (any Error)?? = state.withLock { state in
                    if state.cancelledEarly.remove(id) != nil { return .some(CancellationError()) }
                    if duration <= .zero { return .some(nil) }
                    state.sleepers[id] = Sleeper(deadline: state.now + duration, continuation: continuation)
                    return .none
                }
                switch resumeNow {
                case .some(.some(let error)): continuation.resume(throwing: error)
                case .some(.none): continuation.resume()
                case .none: break
                }
            }
        } onCancel: {
            let sleeper = state.withLock { state in
                guard let sleeper = state.sleepers.removeValue(forKey: id) else {
                    state.cancelledEarly.insert(id)
                    return nil as Sleeper?
                }
                return sleeper
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward and wakes every sleeper whose deadline has passed.
    public func advance(by duration: Duration) {
        let due = state.withLock { state in
            state.now += duration
            let now = state.now
            let ready = state.sleepers.filter { $0.value.deadline <= now }
            for id in ready.keys { state.sleepers[id] = nil }
            return ready.sorted { $0.key < $1.key }.map(\.value)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Waits (yielding, up to about two seconds) until at least `count` sleepers are waiting.
    ///
    /// - Returns: whether they are.
    @discardableResult
    public func waitForSleepers(_ count: Int = 1) async -> Bool {
        for _ in 0..<2000 {
            if sleeperCount >= count { return true }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return sleeperCount >= count
    }
}
