public import Dispatch
import Synchronization

/// The one place blocking work runs: a lane of dispatch threads apart from Swift's cooperative
/// pool, on which SQLite calls, file I/O, sockets, child-process waits and CPU-heavy hashing
/// run, so none of it ever holds a thread the rest of the process needs.
///
/// Async code `await`s ``run(_:)``: its task is suspended (never blocked) while the work runs
/// on the lane, then resumes where it was (its actor, or the pool).
///
/// ```swift
/// let lane = BlockingLane(label: "strata.store")
/// let rows = try await lane.run { try database.read(query) }
/// ```
///
/// - A lane is a ``TaskExecutor``: ``run(_:)`` runs the work *in the caller's task* with the
///   lane as its executor preference, so every task-local of the caller (its message
///   language, a test's observer) is bound while the work runs, and nothing is copied.
/// - ``Width/serial`` (the default) runs the work in submission order, one at a time: a lane
///   per database. ``Width/threads(_:)`` spreads it over a fixed number of serial queues (a
///   hashing pool), ``Width/unbounded`` runs each piece at once on a queue of its own
///   (``shared``: independent one-off work such as opening a file on first use).
/// - A serial queue is "overcommit" in libdispatch: while its work blocks, the rest of the
///   process (the cooperative pool included) keeps its threads. So a loop that blocks for its
///   whole life (a `poll` loop) runs on a lane of its own through ``start(_:)``.
/// - Cancelling the caller does not interrupt work already queued: a transaction is never
///   abandoned half-way, a file never half-moved.
/// - Work must never wait (``wait(for:)``) for async work that needs the same serial lane: the
///   lane would wait for itself.
///
/// The sync-to-async direction, for code on a thread of its own that cannot `await`, is
/// ``wait(for:)``. `Tests/ArchitectureTests/BlockingCallTests.swift` fails when a blocking call
/// is made from an `async` context anywhere else.
public final class BlockingLane: TaskExecutor, Sendable {
    /// How many pieces of a lane's work may run at once.
    public enum Width: Sendable, Hashable {
        /// One at a time, in submission order.
        case serial
        /// At most `count` at once, on `count` serial queues taken in turn.
        case threads(Int)
        /// As many as are submitted, each at once on a serial queue of its own (so an overcommit
        /// thread: it never waits for a busy pool, as a concurrent queue's work may).
        case unbounded
    }

    /// The queues the work runs on: one, or ``Width/threads(_:)``'s count; for
    /// ``Width/unbounded``, the timers' queue (each piece of work gets a new one).
    private let queues: [DispatchQueue]
    /// Whether each piece of work gets a new queue (``Width/unbounded``).
    private let unbounded: Bool
    private let qos: DispatchQoS
    /// The next queue of ``queues`` to take (``Width/threads(_:)`` only).
    private let turn = Atomic<Int>(0)
    /// The lane's label, as given.
    public let label: String

    /// Marks every lane's queues, so code that may block can check it runs on one: see ``isCurrent``.
    private static let marker = DispatchSpecificKey<Bool>()

    /// A new lane; `label` names its threads in a debugger or a crash report. `qos` is
    /// `.userInitiated` for work a user waits for, lower for background polling.
    public init(label: String, qos: DispatchQoS = .userInitiated, width: Width = .serial) {
        self.label = label
        self.qos = qos
        unbounded = width == .unbounded
        switch width {
        case .serial:
            queues = [DispatchQueue(label: label, qos: qos)]
        case .threads(let count):
            queues = (0..<max(1, count)).map { DispatchQueue(label: "\(label).\($0)", qos: qos) }
        case .unbounded:
            queues = [DispatchQueue(label: label, qos: qos)]
        }
        for queue in queues { queue.setSpecific(key: Self.marker, value: true) }
    }

    /// The process's lane for independent one-off blocking work (``Width/unbounded``): opening
    /// a file on first use, a handoff exchange, a child process's wait, a backup.
    public static let shared = BlockingLane(label: "strata.blocking", width: .unbounded)

    /// Whether the calling thread is running work of a lane (any of them), so may block: never
    /// a thread of Swift's cooperative pool.
    public static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker) == true }

    /// Stops a debug build when the calling thread is not running work of a lane: `what` (code
    /// that sleeps or waits) would then block whatever thread called it, perhaps one of Swift's
    /// cooperative pool. Release builds skip the check.
    public static func assertCurrent(
        _ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line
    ) {
        assert(isCurrent, "\(what()) must run on a blocking lane, never on the caller's thread", file: file, line: line)
    }

    /// Runs `work` on this lane and resumes the caller with its result or error; the caller's
    /// task is suspended meanwhile, and its task-locals are bound while `work` runs.
    ///
    /// The hop is the same as a continuation resumed from a dispatch queue: one enqueue onto the
    /// lane, one back to the caller's executor.
    public func run<T: Sendable, Failure: Error>(
        _ work: @Sendable () throws(Failure) -> T
    ) async throws(Failure) -> T {
        try await withTaskExecutorPreference(self) { () async throws(Failure) -> T in try work() }
    }

    /// Starts `work` on this lane without waiting for it: a loop that blocks for its whole life
    /// (give it a lane of its own), or a piece of work nobody awaits (a connection served, a
    /// child process reaped). Task-locals are not carried: pass what `work` needs.
    public func start(_ work: @escaping @Sendable () -> Void) {
        nextQueue().async(execute: work)
    }

    /// A timer source that fires on this lane (for work repeated on it, such as polling).
    public func makeTimer() -> any DispatchSourceTimer {
        DispatchSource.makeTimerSource(queue: queues[0])
    }

    /// Runs a job of a task that prefers this lane (``run(_:)``): the task executor's entry point.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        nextQueue().async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }

    /// The queue the next piece of work goes to.
    private func nextQueue() -> DispatchQueue {
        if unbounded {
            let queue = DispatchQueue(label: label, qos: qos)
            queue.setSpecific(key: Self.marker, value: true)
            return queue
        }
        if queues.count == 1 { return queues[0] }
        return queues[turn.add(1, ordering: .relaxed).oldValue % queues.count]
    }

    /// Runs async `work` to its end and blocks the calling thread meanwhile: for code on a
    /// thread of its own (a lane's work, a dedicated loop) that must hand something to async
    /// code and wait for its answer.
    ///
    /// The work's task prefers a new serial lane of its own, so the wait never needs a thread of
    /// the cooperative pool: it cannot deadlock when every pool thread is busy.
    ///
    /// - Important: never call it from `async` code: the caller's thread is blocked until the
    ///   work ends, and a blocked cooperative thread is one the rest of the process cannot use.
    @available(*, noasync, message: "blocks its thread until the work ends: await the work instead")
    public static func wait<T: Sendable, Failure: Error>(
        for work: @escaping @Sendable () async throws(Failure) -> T
    ) throws(Failure) -> T {
        let lane = BlockingLane(label: "strata.blocking.wait")
        let outcome = Mutex<Result<T, Failure>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: lane) {
            let result: Result<T, Failure>
            do throws(Failure) {
                result = .success(try await work())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        // The semaphore orders the write before this read: the outcome is set.
        return try outcome.withLock { $0 }!.get()
    }
}
