/// The login-state service (seed 004: "a common service is the user login state"): every
/// micro-app finds out through it who is signed in, their groups and roles, and the sync
/// status, and signs in and out through it.
///
/// Look it up through the Context by its typed key (`ServiceKey.session`):
///
/// ```swift
/// let session = try await context.service(.session)
/// if let user = try await session.currentUser() { print(user.account, user.roles) }
/// ```
///
/// Each sign-in and sign-out (and a change noticed when another process signed in or out)
/// is broadcast to every listener as ``Broadcast/session(_:)``. While started, the service
/// turns the engine's device registrations into the app delegate's
/// ``ContainerAppDelegate/didRegisterForRemoteNotifications(deviceToken:context:)`` and
/// ``ContainerAppDelegate/didFailToRegisterForRemoteNotifications(error:context:)`` hooks.
///
/// Obtained from ``SessionServiceFactory``; its ``SessionBackend`` is the host's choice.
public protocol SessionService: StrataService {
    /// Whether a server is configured (without one, sign-in and sync fail at once).
    var isConfigured: Bool { get }
    /// Who is signed in now (`nil`: nobody); a change since the last answer is broadcast.
    func currentUser() async throws -> SessionUser?
    /// Signs in with the server and broadcasts ``SessionChange/signedIn(_:)``.
    ///
    /// - Throws: the backend's error: no server, refused, unreachable.
    func signIn(account: String, password: String) async throws -> SessionUser
    /// Signs out (the seed's `logoutWithServerSync:`) and broadcasts ``SessionChange/signedOut(_:)``.
    ///
    /// With `mustSyncWithServer`, the pending changes are sent and the server told first; when
    /// that fails nothing changes and ``ContainerError`` `signOutRefused` says how many changes
    /// wait and why. Without it the device signs out even offline, and changes not yet sent
    /// stay on the device, marked with this user, to be sent at their next sign-in.
    func signOut(mustSyncWithServer: Bool) async throws -> SignOutOutcome
    /// The sync status, without a network call.
    func syncState() async throws -> SessionSyncState
    /// Sends pending changes, then pulls, once.
    func syncNow() async throws -> SessionSyncSummary
    /// The changes the server refused, oldest first, each with the server's reason (no
    /// network call).
    func rejectedChanges() async throws -> [SessionRejectedChange]
    /// Queues the rejected change `id` names (its id, or an unambiguous start of it) to be
    /// sent again at the next sync, with its object's edits since; returns it.
    func retryRejectedChange(_ id: String) async throws -> SessionRejectedChange
    /// Drops the rejected change `id` names and has the server's version of its object
    /// restored at the next sync (a refused new object goes at once); returns it.
    func discardRejectedChange(_ id: String) async throws -> SessionRejectedChange
    /// The open conflicts: writes of this device that another user's concurrent write
    /// replaced, or that the server refused for it, oldest first (no network call).
    func conflicts() async throws -> [SessionConflict]
    /// Settles the conflict `id` names (its id, or an unambiguous start of it): `keepMine`
    /// sends this device's values again at the next sync, on top of the server's version;
    /// otherwise the server's values stay. Returns it.
    func resolveConflict(_ id: String, keepMine: Bool) async throws -> SessionConflict
}
