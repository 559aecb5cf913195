/// Where a login's password verification runs: PBKDF2-SHA256 at 210,000 rounds is ≈80 ms of CPU,
/// so it runs on threads of its own, never on the cooperative pool or an event loop.
///
/// `strata-server serve` passes its hashing pool (one thread by default, so a flood of logins
/// queues behind itself, not in front of other users' requests); the admin commands hash new
/// passwords on a dispatch queue of the domain's own.
public protocol PasswordHashing: Sendable {
    /// Runs `work` on one of the pool's threads and returns its result; the caller suspends meanwhile.
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T
}
