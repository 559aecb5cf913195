#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
public import StrataSession

/// Looking after the shared store file itself: `strata-host store check`, `store backup` and
/// `store recover`; and its data key: `store key` (where it is, and moving it between the key
/// file and the Secret Service). Obtained from `DataLayerFactory/maintenance(container:logger:keyring:)`.
///
/// Every call opens the file on its own, never through a data layer, so it works on a store
/// the data layer refuses as damaged. None of them creates a store where there is none. Each
/// does its file work on a queue of its own and suspends the caller: never on the caller's
/// thread, so never on Swift's cooperative pool.
public protocol StoreMaintenance: Sendable {
    /// The store file these calls look after.
    var storePath: String { get }

    /// Runs SQLite's `PRAGMA integrity_check` (or the faster `quick_check` when `quick`) on
    /// the store: read-only, safe while other processes write.
    ///
    /// A sound file clears a damaged mark left by an earlier error; a damaged one gets the
    /// mark, so writers refuse it until it is recovered.
    ///
    /// - Throws: `DataError` `cannotOpen` when there is no store, `incompatibleStore` for a
    ///   file that is not a Strata store.
    func check(quick: Bool) async throws -> StoreCheckResult

    /// Copies the store into `destination` with SQLite's online backup API: one consistent
    /// snapshot, taken while other processes go on writing.
    ///
    /// Writes nothing but `destination` (mode 0600): no temporary or journal file beside it,
    /// no folder created. The data key is not copied (see ``StoreBackupResult/keyPath``).
    ///
    /// - Throws: `DataError` `cannotOpen` when there is no store, `destination` exists and
    ///   `overwrite` is false (or it is not a regular file), its folder does not exist, or it
    ///   is the store itself; `damaged` when SQLite cannot read the store.
    func backup(to destination: URL, overwrite: Bool) async throws -> StoreBackupResult

    /// Copies every row SQLite can still read into a new store, renames the damaged file (and
    /// its `-wal` and `-shm`) to `strata.sqlite.damaged-<UTC time>` beside it, puts the new
    /// store in its place and clears the damaged mark. Deletes nothing.
    ///
    /// Stop the other Strata processes first: while it runs the store is marked damaged, so
    /// new ones refuse it.
    ///
    /// - Throws: `DataError` `cannotOpen` when there is no store; `damaged` when not even the
    ///   store's header and table list can be read (the file is then left as it was).
    func recover() async throws -> StoreRecoveryReport

    /// Where the store's data key is (`strata-host store key`): the key file, the Secret
    /// Service (when the maintenance was given the session's keyring), or nowhere yet; and a
    /// second copy the data layer ignores, if any. Changes nothing.
    ///
    /// - Throws: `DataError` `cannotOpen` when the key file is refused (wrong mode or size).
    func dataKey() async throws -> DataKeyReport

    /// Moves the data key to `destination` (`strata-host store key --to`): writes it there,
    /// reads it back and checks it against the fingerprint the store recorded, records the
    /// key's new place in the store, and only then removes it from where it was. A failure at
    /// any step leaves the key where the data layer finds it (nothing is ever lost). A key
    /// already at `destination` is left there (a leftover copy elsewhere is removed).
    ///
    /// - Throws: `DataError` `keyringUnavailable` when the Secret Service is needed and no
    ///   keyring was given or it does not answer; `cannotOpen` when there is no key yet, the
    ///   key is not the one the store was written with, `destination` already holds a
    ///   different key, or a step fails (the message says where the key is).
    func moveKey(to destination: DataKeyKind) async throws -> DataKeyReport
}
