import StrataCrossCutting

/// ``PasswordHashing`` on ``BlockingLane/shared``: off the cooperative pool, without a lane to
/// size. The admin commands hash a new user's password here.
struct DispatchHashing: PasswordHashing {
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await BlockingLane.shared.run(work)
    }
}
