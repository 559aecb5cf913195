import Foundation

/// Runs blocking `work` (synchronous SQLite writes, a blocking socket) on a thread of its own
/// and suspends the caller until it ends, with its result or error: a test's blocking work
/// never holds one of the cooperative pool's few threads (two on a 2-core machine), which the
/// async tests running beside it need.
public func onThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread { continuation.resume(with: Result { try work() }) }
    }
}
