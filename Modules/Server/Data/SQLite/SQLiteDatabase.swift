import Foundation
import GRDB

/// Opens a GRDB pool in WAL mode with a busy timeout, and maps GRDB's errors to ``ServerDataError``.
enum SQLiteDatabase {
    /// How long a writer waits for another writer before giving up.
    static let busyTimeout: TimeInterval = 10

    /// Opens (creating, owner-only: see ``SQLiteFileModes``) the database at `url` and runs the
    /// `migrations` it has not run yet, in order, recorded with their effect.
    static func open(at url: URL, migrations: SQLiteMigrations) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.label = url.lastPathComponent
        try SQLiteFileModes.prepareDatabase(url)
        do {
            let pool = try DatabasePool(path: url.path, configuration: configuration)
            try migrations.run(on: pool)
            return pool
        } catch {
            throw ServerDataError(.cannotOpen, "cannot open the server database \(url.path): \(error)")
        }
    }

    /// Runs `body`, turning a GRDB error into a ``ServerDataError`` naming `file` and `what`.
    static func mapping<T>(file: String, _ what: @autoclosure () -> String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ServerDataError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw ServerDataError(.duplicate, "\(what()) already exists (\(file))")
        } catch {
            throw ServerDataError(.storage, "\(what()) failed in \(file): \(error)")
        }
    }
}

extension Date {
    /// Seconds since 1970, as stored.
    var storedSeconds: Double { timeIntervalSince1970 }
    /// A date from stored seconds since 1970.
    init(storedSeconds: Double) { self.init(timeIntervalSince1970: storedSeconds) }
}
