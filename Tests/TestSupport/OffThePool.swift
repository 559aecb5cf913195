import Dispatch

/// Runs `body` on a dispatch queue of its own, as code that cannot `await` would, and suspends
/// until it ends: how tests call the blocking forms (`.blocking`), which are for such callers
/// and never for a thread of the cooperative pool (they are `noasync`).
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue(label: "strata.test.blocking").async { continuation.resume(with: Result { try body() }) }
    }
}
