import Foundation
public import Logging
public import StrataCrossCutting

/// The one public way to obtain a data layer: the seed article's `DataLayerFactory`, with
/// explicit arguments instead of hidden globals.
///
/// Implementations stay `internal` to `StrataData`; hosts (composition roots) are the only
/// code that picks one. Tests get doubles through `StrataDataTesting`'s extension of this
/// factory (`DataLayerFactory.inMemory()`).
public enum DataLayerFactory {
    /// The shared SQLite store in `container`, opened for reading and writing.
    ///
    /// Creates the container directory (owner-only) and the store file when missing. The store
    /// runs in WAL mode with immediate write transactions and a busy timeout, so several
    /// processes can write at once without "database is locked" errors.
    ///
    /// - Throws: ``DataError`` `cannotOpen` naming the file, `incompatibleStore` when the file
    ///   was written by a newer Strata.
    public static func live(
        container: ContainerDirectory, logger: Logger, clock: any StrataClock = SystemClock()
    ) throws -> any DataLayer {
        do {
            try container.prepare()
        } catch {
            throw DataError(.cannotOpen, "\(error)")
        }
        let database = try SQLiteDatabase(container: container, mode: .readWrite, logger: logger, clock: clock)
        return compose(database, container: container, isWritable: true)
    }

    /// The shared store opened read-only, or `nil` when there is no store yet.
    ///
    /// Never creates the directory or the file and never migrates; registering a type only
    /// checks its table, and a type whose table does not exist yet reads as empty.
    public static func readOnly(
        container: ContainerDirectory, logger: Logger, clock: any StrataClock = SystemClock()
    ) throws -> (any DataLayer)? {
        guard FileManager.default.fileExists(atPath: container.storeURL.path) else { return nil }
        let database = try SQLiteDatabase(container: container, mode: .readOnly, logger: logger, clock: clock)
        return compose(database, container: container, isWritable: false)
    }

    /// Puts the live parts together on one database.
    private static func compose(_ database: SQLiteDatabase, container: ContainerDirectory, isWritable: Bool) -> any DataLayer {
        let session = FileSessionStore(database: database)
        let store = SQLiteStore(database: database) { session.owner() }
        return LiveDataLayer(
            store: store, journal: SQLiteChangeJournal(database: database),
            diagnostics: SQLiteDiagnosticLog(database: database), session: session,
            notices: SQLiteChangeNotices(database: database), isWritable: isWritable, location: database.url.path)
    }
}
