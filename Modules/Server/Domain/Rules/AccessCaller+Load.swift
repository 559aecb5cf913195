import StrataServerData

extension AccessCaller {
    /// The caller behind `session`: the roles came with the session's groups, the
    /// administrator flag is one read of `control` (what every write path asks before it
    /// decides: push, and the announcements a lead posts).
    static func of(_ session: ServerSession, in control: any ControlStore) async throws -> AccessCaller {
        AccessCaller(session: session, isAdministrator: try await control.isAdministrator(userId: session.userId))
    }
}
