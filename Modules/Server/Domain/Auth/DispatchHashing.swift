import Dispatch

/// ``PasswordHashing`` on a global dispatch queue: off the cooperative pool, without a pool to
/// start or stop. The admin commands hash a new user's password here.
struct DispatchHashing: PasswordHashing {
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(with: Result { try work() }) }
        }
    }
}
