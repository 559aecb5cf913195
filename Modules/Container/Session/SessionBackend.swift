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
    /// The changes the server refused, oldest first (no network call).
    func rejectedChanges() async throws -> [SessionRejectedChange]
    /// Queues the rejected change `id` names (its id or an unambiguous start of it) to be
    /// sent again, with its object's edits since, and returns it.
    ///
    /// - Throws: the engine's error naming `id` when no rejected change (or several) has it.
    func retryRejectedChange(_ id: String) async throws -> SessionRejectedChange
    /// Drops the rejected change `id` names; the server's version of its object comes back
    /// at the next sync (a refused insert's object goes now). Returns it.
    ///
    /// - Throws: as ``retryRejectedChange(_:)``.
    func discardRejectedChange(_ id: String) async throws -> SessionRejectedChange
    /// The open conflicts (writes of this device another user's concurrent write replaced,
    /// or the server refused), oldest first (no network call).
    func conflicts() async throws -> [SessionConflict]
    /// Settles the conflict `id` names (its id or an unambiguous start of it): `keepMine`
    /// sends this device's values again at the next sync, on top of the server's version;
    /// otherwise the server's values stay. Returns it.
    ///
    /// - Throws: the engine's error naming `id` when no open conflict (or several) has it.
    func resolveConflict(_ id: String, keepMine: Bool) async throws -> SessionConflict
    /// Every device registration outcome from now on, for the container's hooks.
    func deviceRegistrations() -> AsyncStream<DeviceRegistrationEvent>
}
