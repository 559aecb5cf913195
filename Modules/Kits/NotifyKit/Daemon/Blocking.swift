import Dispatch
import Synchronization

/// Bridges the daemon's blocking main thread to async work.
///
/// - Important: call only from a thread outside the cooperative pool (the main thread of
///   `strata-notifyd`): ``start(_:)``'s work runs on the pool, and a blocked pool thread is
///   one it cannot use. ``run(_:)`` needs no pool thread (its task prefers a queue of its own).
enum Blocking {
    /// Runs `work` in a task on a dispatch queue of its own and blocks until it returns its
    /// value: a caller on a pool thread (a synchronous test) cannot starve it.
    static func run<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let result = ResultBox<Value>()
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: QueueExecutor()) {
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

/// The task executor of ``Blocking/run(_:)``: its jobs run on a serial dispatch queue.
private final class QueueExecutor: TaskExecutor {
    private let queue = DispatchQueue(label: "strata.notifyd.blocking")

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// The value a ``Blocking/run(_:)`` hands from the pool back to the waiting thread.
private final class ResultBox<Value: Sendable>: Sendable {
    let value = Mutex<Value?>(nil)
}
