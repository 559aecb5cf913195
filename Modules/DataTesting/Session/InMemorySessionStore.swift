import StrataCrossCutting
import StrataData
import Synchronization

/// The session store of an in-memory data layer: one ``AuthInfo`` in memory; `current()`
/// is `nil` once the double's clock reaches `validUntil`, as the live store's is.
final class InMemorySessionStore: SessionStore {
    private let gate: CallGate
    private let clock: any StrataClock
    private let stored: Mutex<AuthInfo?>

    init(gate: CallGate, clock: any StrataClock, initial: AuthInfo?) {
        self.gate = gate
        self.clock = clock
        stored = Mutex(initial)
    }

    func current() throws -> AuthInfo? {
        try gate.admit(.currentSession)
        return valid()
    }

    func save(_ info: AuthInfo) throws {
        try gate.admit(.saveSession)
        stored.withLock { $0 = info }
    }

    func clear() throws {
        try gate.admit(.clearSession)
        stored.withLock { $0 = nil }
    }

    /// Who owns objects saved now: the signed-in user and their primary group, or `nil`/`nil`
    /// without a valid session. The store's own look-up: never gated.
    func owner() -> (user: String?, group: String?) {
        guard let info = valid() else { return (nil, nil) }
        return (info.userID, info.primaryGroup)
    }

    /// The stored session while it is valid.
    private func valid() -> AuthInfo? {
        guard let info = stored.withLock({ $0 }) else { return nil }
        return info.validUntil > clock.now() ? info : nil
    }
}
