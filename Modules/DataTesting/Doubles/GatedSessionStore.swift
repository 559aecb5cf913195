import StrataSession

/// The session store of a double: each call passes the ``CallGate``, then goes to the real
/// session file. The store's own look at the session (the owner of each save) is not a call.
struct GatedSessionStore: SessionStore {
    let base: any SessionStore
    let gate: CallGate

    func current() async throws -> AuthInfo? {
        try gate.admit(.currentSession)
        return try await base.current()
    }

    func save(_ info: AuthInfo) async throws {
        try gate.admit(.saveSession)
        try await base.save(info)
    }

    func clear() async throws {
        try gate.admit(.clearSession)
        try await base.clear()
    }
}
