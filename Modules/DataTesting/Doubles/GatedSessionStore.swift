import StrataData

/// The session store of a double: each call passes the ``CallGate``, then goes to the real
/// session file. The store's own look at the session (the owner of each save) is not a call.
struct GatedSessionStore: SessionStore {
    let base: any SessionStore
    let gate: CallGate

    func current() throws -> AuthInfo? {
        try gate.admit(.currentSession)
        return try base.current()
    }

    func save(_ info: AuthInfo) throws {
        try gate.admit(.saveSession)
        try base.save(info)
    }

    func clear() throws {
        try gate.admit(.clearSession)
        try base.clear()
    }
}
