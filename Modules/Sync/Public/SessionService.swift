public import StrataCrossCutting
public import StrataJournal
public import StrataSession
public import StrataStore

/// The login-state service (seed 004: "a common service is the user login state"): every
/// micro-app finds out through it who is signed in, their groups and roles, and the sync
/// status, and signs in and out through it.
///
/// A host provides it as a container service; micro-apps look it up by its typed key
/// (`ServiceKey.session`):
///
/// ```swift
/// let session = try await context.service(.session)
/// if let user = try await session.currentUser() { print(user.account, user.roles) }
/// ```
///
/// The answers are the sync vocabulary itself (``SyncReport``, `SyncStatus`, `Change`,
/// `SyncConflict`, `SessionUser`): a micro-app never sees a token, an engine or a store.
/// `strata-host`'s service broadcasts each sign-in and sign-out to the container's listeners
/// and relays the engine's device registrations to the app delegate's hooks.
public protocol SessionService: Sendable {
    /// Whether a server is configured (without one, sign-in and sync fail at once).
    var isConfigured: Bool { get }
    /// Who is signed in now (`nil`: nobody), read from the session store each time, so a
    /// sign-in or sign-out by another process is noticed.
    func currentUser() async throws -> SessionUser?
    /// Signs in with the server and keeps the session.
    ///
    /// - Throws: the engine's error: no server, refused, unreachable.
    func signIn(account: String, password: String) async throws -> SessionUser
    /// Signs out (the seed's `logoutWithServerSync:`).
    ///
    /// With `mustSyncWithServer`, the pending changes are sent and the server told first; when
    /// that fails nothing changes and ``SyncError`` `signOutRefused` says how many changes
    /// wait and why. Without it the device signs out even offline, and changes not yet sent
    /// stay on the device, marked with this user, to be sent at their next sign-in.
    func signOut(mustSyncWithServer: Bool) async throws -> SignOutOutcome
    /// The sync status, without a network call.
    func status() async throws -> SyncStatus
    /// Sends pending changes, then pulls, once.
    func syncNow() async throws -> SyncReport
    /// The changes the server refused, oldest first, each with the server's reason (no
    /// network call).
    func rejectedChanges() async throws -> [Change]
    /// Queues the rejected change `id` names (its id, or an unambiguous start of it) to be
    /// sent again at the next sync, with its object's edits since; returns it.
    func retryRejected(_ id: String) async throws -> Change
    /// Drops the rejected change `id` names and has the server's version of its object
    /// restored at the next sync (a refused new object goes at once); returns it.
    func discardRejected(_ id: String) async throws -> Change
    /// The open conflicts: writes of this device that another user's concurrent write
    /// replaced, or that the server refused for it, oldest first (no network call).
    func conflicts() async throws -> [SyncConflict]
    /// Settles the conflict `id` names (its id, or an unambiguous start of it): `keepMine`
    /// sends this device's values again at the next sync, on top of the server's version;
    /// otherwise the server's values stay. Returns it.
    func resolveConflict(_ id: String, keepMine: Bool) async throws -> SyncConflict
}

extension ServiceKey where Service == any SessionService {
    /// The login-state service (`session`, a ``SessionService``), as a host provides it to
    /// micro-apps: `try await context.service(.session)`.
    public static var session: ServiceKey<any SessionService> { ServiceKey("session") }
}
