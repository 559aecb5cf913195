import Hummingbird
import NIOPosix
import Synchronization

/// A fixed set of threads of its own for blocking or CPU-heavy work (password hashing, SQLite),
/// so that work never runs on the event loops or the cooperative pool; async handlers await it.
/// At most `queueLimit` jobs wait or run at once: one more is refused with 503 `busy` and
/// `Retry-After: 1` instead of growing the queue without bound.
final class WorkPool: Sendable {
    let name: String
    let queueLimit: Int
    private let pool: NIOThreadPool
    private let inFlight = Mutex(0)

    /// A pool of `threads` threads; call ``start()`` before use and ``shutdown()`` after.
    init(name: String, threads: Int, queueLimit: Int) {
        self.name = name
        self.queueLimit = queueLimit
        pool = NIOThreadPool(numberOfThreads: threads)
    }

    func start() { pool.start() }

    /// Waits for the running jobs; queued ones not yet started are cancelled.
    func shutdown() async { try? await pool.shutdownGracefully() }

    /// Runs `body` on one of the pool's threads and returns its result.
    ///
    /// - Throws: ``HTTPFailure`` 503 when `queueLimit` jobs are already waiting or running;
    ///   whatever `body` throws.
    func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        let admitted = inFlight.withLock { count in
            guard count < queueLimit else { return false }
            count += 1
            return true
        }
        guard admitted else {
            throw HTTPFailure(
                .serviceUnavailable, "busy", "the server has \(queueLimit) \(name) requests waiting; try again shortly",
                retryAfter: 1)
        }
        defer { inFlight.withLock { $0 -= 1 } }
        return try await pool.runIfActive(body)
    }

    /// The jobs waiting or running now.
    var pending: Int { inFlight.withLock { $0 } }
}
