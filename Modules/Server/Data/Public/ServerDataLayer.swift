/// The server's storage: one control store (apps, users, groups, tokens, devices, push messages)
/// and one object store per app id and version.
///
/// Obtain it from ``ServerDataFactory``; the implementations are internal.
public protocol ServerDataLayer: Sendable {
    /// The control store, shared by every app.
    var control: any ControlStore { get }

    /// The object store of one app version, created (and migrated) on first use, off the
    /// caller's thread.
    ///
    /// - Throws: ``ServerDataError`` (`invalidName`) when `appId` or `version` has characters
    ///   outside `[A-Za-z0-9._-]` (they name the database file), `cannotOpen` when the file
    ///   cannot be created.
    func appStore(appId: String, version: String) async throws -> any AppObjectStore

    /// Signals of committed push messages from every process and instance on this storage, at
    /// once and without polling, when the engine can deliver them; `nil` when it cannot.
    ///
    /// - PostgreSQL: `LISTEN`/`NOTIFY`: the transaction that stores messages notifies (so a
    ///   signal never precedes the commit); one dedicated connection per stream listens, and
    ///   reconnects after a lost connection; each time it starts listening it yields
    ///   ``PushSignal/check`` (a catch-up for what was committed while nobody listened).
    ///   The stream ends when its consumer stops iterating it.
    /// - SQLite: `nil`. Another process (`admin push` on the same data directory) cannot signal
    ///   this one: the caller checks for its messages (``ControlStore/pushChannels(after:)``).
    func pushSignals() -> AsyncStream<PushSignal>?

    /// Whether the database answers and its schema is this binary's: a cheap query (SQLite: the
    /// control database's `user_version`; PostgreSQL: the newest row of `strata_migrations`).
    ///
    /// - Throws: ``ServerDataError`` (`storage`) naming why not: the database does not answer,
    ///   or its schema version differs from this server's.
    func checkReady() async throws

    /// Closes the storage once the server has stopped using it: PostgreSQL ends every pooled
    /// connection (a leased one when it comes back) and returns when they are closed; SQLite
    /// checkpoints and closes every database file (so no `-wal` file is left behind when no
    /// other process has it open). Later calls fail with ``ServerDataError`` (`storage`); a
    /// second close does nothing.
    ///
    /// - Throws: ``ServerDataError`` (`storage`) when a file could not be closed.
    func close() async throws

    /// The database's epoch: a random id made with the database (a migration) and made anew
    /// by a restore (``ServerDataFactory/restore(database:dataDirectory:from:force:logger:)``),
    /// read once and kept. `nil` for a layer that has none (a test double).
    func epoch() async throws -> String?
}

extension ServerDataLayer {
    /// None: a layer without an epoch (see ``ServerDataLayer/epoch()``).
    public func epoch() async throws -> String? { nil }
}
