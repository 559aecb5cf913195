import NIOPosix
import StrataServerDomain

/// A fixed set of threads of its own for CPU-heavy work (password hashing), so that work never
/// runs on the event loops or the cooperative pool; async callers await it. Jobs queue on the
/// pool's threads in turn; the ``AdmissionGate`` in front of it bounds how many wait.
final class WorkPool: PasswordHashing {
    private let pool: NIOThreadPool

    /// A pool of `threads` threads; call ``start()`` before use and ``shutdown()`` after.
    init(threads: Int) {
        pool = NIOThreadPool(numberOfThreads: threads)
    }

    func start() { pool.start() }

    /// Waits for the running jobs; queued ones not yet started are cancelled.
    func shutdown() async { try? await pool.shutdownGracefully() }

    /// Runs `work` on one of the pool's threads and returns its result.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(work)
    }
}
