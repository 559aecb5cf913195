import Dispatch

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

    /// A new queue; `label` names its thread in a debugger or a crash report.
    init(label: String) {
        queue = DispatchQueue(label: label, qos: .userInitiated)
    }

    /// Runs `work` on this queue and resumes the caller with its result or error.
    ///
    /// Cancelling the caller's task does not interrupt work already queued: a SQLite
    /// transaction is never abandoned half-way.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }

    /// ``run(_:)`` for work that cannot fail.
    func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work()) }
        }
    }
}
