import Foundation
import Synchronization

/// Runs async work to completion on a thread of its own and blocks the caller until it ends:
/// how the synchronous ``StrataHostCLI/main(arguments:environment:output:makeDomain:)`` drives
/// the container.
///
/// The work runs with this executor as its task-executor preference, so it never needs a
/// thread of Swift's shared cooperative pool: a caller blocking one of those threads (a
/// synchronous test, several in parallel) cannot starve it.
///
/// `@unchecked Sendable` is safe: the only mutable state, `queue`, is read and written only
/// while `condition` is locked.
final class BlockingExecutor: TaskExecutor, @unchecked Sendable {
    private struct Queue {
        var jobs: [UnownedJob] = []
        var finished = false
    }

    private let condition = NSCondition()
    private var queue = Queue()

    /// Runs `work` on a new thread and returns its result.
    static func run<T: Sendable>(_ work: @escaping @Sendable () async -> T) -> T {
        let executor = BlockingExecutor()
        let thread = Thread { executor.drain() }
        thread.name = "strata-host-cli"
        thread.start()
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            let value = await work()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        executor.finish()
        return result.withLock { $0 }!
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        queue.jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs until ``finish()``; jobs enqueued later (a cancelled timer waking up) still run
    /// while the thread drains what is queued.
    private func drain() {
        while true {
            condition.lock()
            while queue.jobs.isEmpty && !queue.finished { condition.wait() }
            if queue.jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = queue.jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }

    private func finish() {
        condition.lock()
        queue.finished = true
        condition.signal()
        condition.unlock()
    }
}
