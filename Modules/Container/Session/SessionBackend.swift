/// What the ``SessionService`` stands on: the sync engine's session, behind a protocol the
/// container owns (the container never imports the data or sync layers).
///
/// A host's composition root picks the implementation (`strata-host`: the sync engine's,
/// `HostSessionBackend.sync(_:session:)` in `StrataHostKit`); tests use
/// `StrataContainerTesting`'s `SessionBackendDouble`, whose every call is unimplemented
/// until the test provides it.
public protocol SessionBackend: Sendable {
    /// Whether a server is configured (without one, sign-in and sync fail at once).
    var isConfigured: Bool { get }
    /// Who is signed in now, read from the session store (another process may have signed in
    /// or out since the last call); `nil` when nobody is or the session expired.
    func currentUser() async throws -> SessionUser?
    /// Signs in with the server and keeps the session.
    ///
    /// - Throws: the engine's error (offline, refused, unreachable), with a readable message.
    func signIn(account: String, password: String) async throws -> SessionUser
    /// Signs out. With `mustSyncWithServer` the pending changes are sent and the server told
    /// first, and a failure throws and keeps the session; without it the session is removed
    /// whatever the server says, and unsent changes stay on the device for the user's next sign-in.
    func signOut(mustSyncWithServer: Bool) async throws
    /// The sync status, without a network call.
    func syncState() async throws -> SessionSyncState
    /// Sends pending changes, then pulls, once.
    func syncNow() async throws -> SessionSyncSummary
    /// Every device registration outcome from now on, for the container's hooks.
    func deviceRegistrations() -> AsyncStream<DeviceRegistrationEvent>
}
