import Dispatch
import Synchronization

/// Bridges the daemon's blocking main thread to async work on the cooperative pool.
///
/// - Important: call only from a thread outside the cooperative pool (the main thread of
///   `strata-notifyd`): blocking a pool thread on async work can deadlock it.
enum Blocking {
    /// Runs `work` and blocks until it returns its value.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let result = ResultBox<Value>()
        let done = DispatchSemaphore(value: 0)
        Task {
            let value = await work()
            result.value.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        guard let value = result.value.withLock({ $0 }) else { preconditionFailure("the work signalled without a value") }
        return value
    }

    /// Starts `work` in the background and returns a handle to cancel it.
    static func start(_ work: @escaping @Sendable () async -> Void) -> Running {
        let done = DispatchSemaphore(value: 0)
        let task = Task {
            await work()
            done.signal()
        }
        return Running(task: task, done: done)
    }

    /// Background work started with ``start(_:)``.
    struct Running: Sendable {
        let task: Task<Void, Never>
        let done: DispatchSemaphore

        /// Cancels the work and waits up to `seconds` for it to return.
        func cancel(waitingAtMost seconds: Double) {
            task.cancel()
            _ = done.wait(timeout: .now() + seconds)
        }
    }
}

/// The value a ``Blocking/run(_:)`` hands from the pool back to the waiting thread.
private final class ResultBox<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
}
