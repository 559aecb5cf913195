public import Foundation
public import Logging

/// The one way into `StrataServerData`: it returns the storage behind ``ServerDataLayer``.
public enum ServerDataFactory {
    /// SQLite storage under `directory`: `control.sqlite` and `apps/<app id>@<version>.sqlite`,
    /// each in WAL mode with a busy timeout. Creates the directory (owner-only) when missing;
    /// several processes creating it at once do it one at a time (a lock on the folder).
    /// Opening and migrating run on the storage's blocking queue: the caller is suspended,
    /// never blocked, and no thread of Swift's cooperative pool waits for the files.
    ///
    /// - Throws: ``ServerDataError`` (`cannotOpen`) naming the directory or file.
    public static func sqlite(directory: URL, logger: Logger) async throws -> any ServerDataLayer {
        try await SQLiteServerData.open(directory: directory, logger: logger)
    }

    /// PostgreSQL storage in the database `url` names (`postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE`):
    /// the control tables and every app version's objects in that one database, through a pool
    /// of connections that lives as long as the returned layer. Applies the pending migrations
    /// first (once, under an advisory lock, when several servers start at once).
    ///
    /// - Throws: ``ServerDataError`` `invalidConfiguration` when `url` is not such a URL (the
    ///   message never shows its password), `cannotOpen` when the database is newer than this
    ///   server or a migration fails, `storage` when PostgreSQL cannot be reached.
    public static func postgres(url: String, logger: Logger) async throws -> any ServerDataLayer {
        try await PostgresServerData.open(url: url, logger: logger)
    }

    /// The storage `database` names: a `postgres://` URL for ``postgres(url:logger:)``, or
    /// `nil` for SQLite in `dataDirectory` (as ``sqlite(directory:logger:)``, opened on its
    /// blocking queue, never the caller's thread). What callers use who must not know which engine runs.
    ///
    /// - Parameter create: whether SQLite storage is created when `dataDirectory` holds none;
    ///   when `false`, such a directory is refused (and left as it was). PostgreSQL ignores it.
    /// - Throws: ``ServerDataError`` `notFound` naming the directory when it holds no server
    ///   data and not `create`; else as ``sqlite(directory:logger:)`` and ``postgres(url:logger:)``.
    public static func open(
        database: String?, dataDirectory: URL, create: Bool = true, logger: Logger
    ) async throws -> any ServerDataLayer {
        if let database { return try await postgres(url: database, logger: logger) }
        return try await SQLiteServerData.open(directory: dataDirectory, create: create, logger: logger)
    }

    /// Applies the pending migrations of the storage `database` names (as ``open(database:dataDirectory:logger:)``):
    /// on SQLite, of the control database and every app version's file in `dataDirectory`.
    /// Returns what it applied, one line each (`<database>: <number> <name>`); none when current.
    public static func migrate(database: String?, dataDirectory: URL, logger: Logger) async throws -> [String] {
        if let database {
            let data = try await PostgresServerData.open(url: database, logger: logger)
            return data.appliedMigrations.map { "PostgreSQL \(data.database.place): \($0)" }
        }
        return try await SQLiteServerData.migrate(directory: dataDirectory, logger: logger)
    }

    /// Backs up the storage `database` names (as ``open(database:dataDirectory:create:logger:)``)
    /// while servers may keep serving it: SQLite, into the new folder `target` (`control.sqlite`
    /// and `apps/<app id>@<version>.sqlite`, each an online copy made with SQLite's backup API);
    /// PostgreSQL, into the file `target` (`pg_dump --format=custom`). An existing `target` is
    /// refused unless `force` (then replaced). Returns what it did, one line.
    ///
    /// - Throws: ``ServerDataError`` naming the file or database and what went wrong.
    public static func backup(database: String?, dataDirectory: URL, to target: URL, force: Bool, logger: Logger) async throws
        -> String
    {
        if let database { return try await PostgresServerData.backup(url: database, to: target, force: force, logger: logger) }
        return try await SQLiteServerData.backup(directory: dataDirectory, to: target, force: force, logger: logger)
    }

    /// Replaces the storage `database` names by the backup `source` made by
    /// ``backup(database:dataDirectory:to:force:logger:)``, applies the pending migrations and
    /// gives the storage a new epoch (``ServerDataLayer/epoch()``), so every client resets.
    /// Refused while a server uses the storage (SQLite: a process holds the data directory's
    /// lock; PostgreSQL: another session uses the database), and, unless `force`, when it
    /// holds server data. Returns what it did, one line.
    ///
    /// - Throws: ``ServerDataError`` naming the file or database and what went wrong.
    public static func restore(database: String?, dataDirectory: URL, from source: URL, force: Bool, logger: Logger) async throws
        -> String
    {
        if let database { return try await PostgresServerData.restore(url: database, from: source, force: force, logger: logger) }
        return try await SQLiteServerData.restore(directory: dataDirectory, from: source, force: force, logger: logger)
    }
}
