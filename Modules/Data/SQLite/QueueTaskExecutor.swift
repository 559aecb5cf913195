import Dispatch

/// A task executor on a serial dispatch queue: a task that prefers it runs its jobs there,
/// never on Swift's cooperative pool (how ``BlockingValueObjectStore`` waits without needing
/// a pool thread).
final class QueueTaskExecutor: TaskExecutor {
    private let queue: DispatchQueue

    /// An executor on a new serial queue named `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
