public import StrataJournal
public import StrataSession
import StrataStore

/// The client half of sync: signs in and out, sends the ``ChangeJournal`` to the server and
/// pulls other people's changes into local rows (the seed's AppPot SDK sync, on Linux).
///
/// Obtained from ``SyncFactory`` on a data layer's journal, session, logs and sync state
/// (`StrataData`'s protocols); the composition root picks it. Without a `SyncConfiguration`
/// (a server URL) the engine is offline: every call that needs the server throws ``SyncError`` `offline`, and
/// ``logout(serverSync:)`` without server sync still signs out locally. Every call throws
/// ``SyncError`` only: a failure of the store keeps its message (``SyncError/Code/storage``).
///
/// **Push.** The journal is drained in batches (`SyncConfiguration.batchSize`) with the
/// session's token. Each change the server `applied` (or already had: `duplicate`) leaves
/// the journal; a change it `rejected` moves to `ChangeJournal.rejected()` with the
/// server's reason, as does every change of a batch the server refuses as a whole with a 4xx;
/// a network failure or a 5xx puts the batch back (`pending`) and is retried with doubling,
/// capped delays. A 401 stops the sync with `notSignedIn`; the changes stay pending.
/// Changes left `inFlight` by a crash are sent again first: the server applies each
/// operation id once, so a change is never applied twice.
///
/// **Pull.** Each registered `localAndServer` type is pulled since its cursor (kept in the
/// store, advanced in the same transaction as the page's rows: `SyncStateStore.applyPulled`). The server is
/// authoritative: pulled objects replace, create or delete local rows, and write no journal
/// entries — with one rule on top:
///
/// - Important: **a local change wins until it is sent.** A pulled object whose id has a
///   change still waiting in the journal (`pending`, `inFlight` or `rejected`, or a pending
///   `deleteAll` of its type) is skipped: the local row keeps the local edit, and the edit is
///   sent (and so comes back from the server) at a later sync. A rejected change keeps its
///   row until it is retried (``retryRejected(_:)``: sent again with the newest values) or
///   discarded (``discardRejected(_:)``: the next pull fetches the server's version of the
///   object by id, or deletes the row when the server has none).
///
/// A pulled deletion takes the rows that depend on the deleted object along, in the same
/// transaction (`ValueObjectDependency`: a report's follow-ups).
///
/// **Conflicts.** Each update carries its base version (the server version its row was last
/// pulled at) and its type's `ConflictPolicy`. A change the server refused by `fail-if-changed`
/// keeps the server's object beside it in the rejected list: refused only for the type's quiet
/// fields it is kept, else the type's `ConflictResolver` settles it when it can (either way
/// sent again in the same sync, counted in ``SyncReport/resolved``); otherwise it is one of
/// ``SyncReport/conflicts``. A pull's overwrite
/// notices of this device's writes are recorded (`SyncConflictStore.recordOverwritten`) and the
/// new ones added to ``SyncReport/conflicts``; the user settles them with `DataLayer.conflicts`.
///
/// **Values on the wire.** Changes carry every field decrypted (the journal holds them
/// sealed, the wire does not): the server enforces scopes, not secrecy, so use loopback or
/// HTTPS. Keys a type encrypts are sealed again when pulled rows are written.
public protocol SyncEngine: Sendable {
    /// Whether a server is configured (`false`: login and sync throw `offline` at once).
    var isConfigured: Bool { get }

    /// Signs in with the server and stores the session in the data layer's `SessionStore`;
    /// then registers this device for push messages (a failure there is logged and retried
    /// by the background loop, and does not fail the login).
    ///
    /// - Throws: ``SyncError`` `offline` (no server configured), `unreachable`,
    ///   `loginRefused` (wrong account, password or app key), `serverError`.
    func login(account: String, password: String) async throws -> AuthInfo

    /// Signs out.
    ///
    /// Without `serverSync` this always succeeds locally: the session is removed, and the
    /// server is told if it can be reached (errors are ignored). With `serverSync` the
    /// pending changes are sent and the server is told first; if that fails (offline,
    /// unreachable, token refused) the error is thrown and the session is kept.
    ///
    /// - Important: pending changes stay in the journal after a local logout, marked with the
    ///   user who made them; see `SessionStore`.
    func logout(serverSync: Bool) async throws

    /// Sends the journal, pulls every registered `localAndServer` type, then applies the
    /// server's log collection level and uploads the kept diagnostic logs it allows.
    ///
    /// - Throws: ``SyncError`` `offline`, `notSignedIn`, `unreachable` (after the configured
    ///   retries), `serverError`. What was sent or pulled before the failure stays done.
    func syncNow() async throws -> SyncReport

    /// What a status line shows, read from the store without a network call
    /// (`SyncStateStore.status()`, which `strata-status` reads too), with this engine's server.
    func status() async throws -> SyncStatus

    /// Starts the background loop: pushes whenever changes are pending, pulls each
    /// `localAndServer` type with `AutoRefresh` on its interval, fetches the server's log
    /// level and uploads kept logs. Failures back off and are recorded in ``status()``.
    /// Harmless when already running or offline (the loop then does nothing).
    func start()

    /// Stops the background loop (a sync in progress finishes its current request).
    func stop()

    // MARK: - Rejected changes

    /// The changes the server refused, oldest first, each with its reason
    /// (`ChangeJournal.rejected()`); no network call, so it works offline.
    func rejectedChanges() async throws -> [Change]

    /// Queues the rejected change `id` names (its operation id, or an unambiguous start of
    /// it) to be sent again at the next sync, with the edits made to its object since
    /// (`ChangeJournal.retry(operationID:)`), and returns it as it was listed.
    ///
    /// - Throws: ``SyncError`` `notFound` naming `id` when no rejected change has it, or when
    ///   it starts several (the message says how many); a storage error.
    func retryRejected(_ id: String) async throws -> Change

    /// Drops the rejected change `id` names (as in ``retryRejected(_:)``) and has the
    /// server's version restored: a refused insert's local row goes now, and the object is
    /// fetched again at the next pull (`ChangeJournal.discard(operationID:)`); returns the
    /// change as it was listed.
    ///
    /// - Throws: as ``retryRejected(_:)``.
    func discardRejected(_ id: String) async throws -> Change

    // MARK: - The push channel

    /// Waits up to `wait` seconds (a long poll; `0` only looks) for messages the server
    /// pushed to this device after the last one acknowledged, oldest first.
    ///
    /// Registers the device for the signed-in user first when it is not yet registered. Each
    /// user of a shared store is a device of their own (the server never moves a device from
    /// one user to another), so one user never receives another's messages.
    /// `wait` is capped below the request timeout and the server's limit (25 s).
    ///
    /// - Important: the same messages come back until ``acknowledgePushMessages(through:)``
    ///   moves the channel's cursor past them: handle a message (record it once per
    ///   ``PushedMessage/id``), then acknowledge it, so a crash in between repeats it
    ///   instead of losing it.
    /// - Throws: ``SyncError`` `offline`, `notSignedIn`, `unreachable`, `serverError`.
    func receivePushMessages(wait: Double) async throws -> [PushedMessage]

    /// Moves the signed-in user's push cursor (kept in the store) past `sequence`: the next
    /// ``receivePushMessages(wait:)`` starts after it. A smaller sequence than the cursor
    /// changes nothing.
    ///
    /// - Throws: ``SyncError`` `offline` without a server, `notSignedIn`, `storage`.
    func acknowledgePushMessages(through sequence: Int64) async throws

    // MARK: - Device registration

    /// The outcome of every device registration from now on (the seed's
    /// `deviceRegistration` completion and error blocks): one stream per call, fed while the
    /// caller iterates it. A registration happens after ``login(account:password:)``, and
    /// from the background loop and ``receivePushMessages(wait:)`` until one succeeds; each
    /// attempt yields ``SyncDeviceRegistration/registered(deviceID:userID:account:)`` or
    /// ``SyncDeviceRegistration/failed(userID:account:reason:)``.
    func deviceRegistrations() -> AsyncStream<SyncDeviceRegistration>
}
