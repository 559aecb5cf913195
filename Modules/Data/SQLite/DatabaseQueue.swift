import Dispatch
import Synchronization

/// The executor of one SQLite database: a serial dispatch queue of its own, on which every
/// `async` operation of the data layer does its blocking SQLite work.
///
/// Async callers `await` ``run(_:)``: their task is suspended (never blocked) while the work
/// runs here, so SQLite I/O, a busy timeout or another process's write lock never holds a
/// thread of Swift's cooperative pool. The queue is serial, so one database's work runs in
/// submission order, one operation at a time (the connection's mutex stays, for the
/// synchronous wrappers that call in from threads of their own).
///
/// A serial queue is "overcommit" in libdispatch: while its work blocks, the rest of the
/// process (the cooperative pool included) keeps its threads.
struct DatabaseQueue: Sendable {
    private let queue: DispatchQueue
    /// Marks every database queue, so code that may block (the busy retry's sleeps, the
    /// backup's waits) can check it runs on one: see ``isCurrent``.
    private static let marker = DispatchSpecificKey<Bool>()

    /// A new queue; `label` names its thread in a debugger or a crash report. `qos` is
    /// `.userInitiated` for a store's work, lower for background polling.
    init(label: String, qos: DispatchQoS = .userInitiated) {
        queue = DispatchQueue(label: label, qos: qos)
        queue.setSpecific(key: Self.marker, value: true)
    }

    /// Whether the calling thread is running work of a database queue (any of them), so may
    /// block: never a thread of Swift's cooperative pool.
    static var isCurrent: Bool { DispatchQueue.getSpecific(key: marker) == true }

    /// Stops a debug build when the calling thread is not running work of a database queue:
    /// `what` (code that sleeps or waits) would then block whatever thread called it, perhaps
    /// one of Swift's cooperative pool. Release builds skip the check.
    static func assertCurrent(_ what: @autoclosure () -> String, file: StaticString = #fileID, line: UInt = #line) {
        assert(isCurrent, "\(what()) must run on a database queue, never on the caller's thread", file: file, line: line)
    }

    /// A timer source that fires on this queue (for work repeated on it, such as polling).
    func makeTimer() -> any DispatchSourceTimer {
        DispatchSource.makeTimerSource(queue: queue)
    }

    /// Runs `work` on this queue and resumes the caller with its result or error.
    ///
    /// Cancelling the caller's task does not interrupt work already queued: a SQLite
    /// transaction is never abandoned half-way.
    ///
    /// What `work` captured (the database, its connection) is released on this queue *before*
    /// the caller resumes: otherwise the queue's thread could still hold the last reference
    /// while the process exits, and the connection would never close (SQLite checkpoints and
    /// removes the WAL file when the last connection closes).
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        let job = Job(work)
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: job.runOnce()) }
        }
    }

    /// ``run(_:)`` for work that cannot fail.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        let job = Job(work)
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: job.runOnce().infallibleValue) }
        }
    }
}

/// One queued piece of work that forgets its closure (and what it captured) once it has run.
private final class Job<T: Sendable>: Sendable {
    private let work: Mutex<(@Sendable () throws -> T)?>

    init(_ work: @escaping @Sendable () throws -> T) {
        self.work = Mutex(work)
    }

    /// Runs the work and drops it.
    func runOnce() -> Result<T, any Error> {
        guard let body = work.withLock({ $0.take() }) else {
            preconditionFailure("a database job ran twice")
        }
        return Result { try body() }
    }
}

extension Result where Failure == any Error {
    /// The value of work that cannot fail.
    fileprivate var infallibleValue: Success {
        switch self {
        case .success(let value): return value
        case .failure(let error): preconditionFailure("work that cannot fail threw \(error)")
        }
    }
}
