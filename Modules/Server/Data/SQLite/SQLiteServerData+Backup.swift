import Foundation
import GRDB
import Logging
import StrataCrossCutting
import Synchronization

/// The epoch, and `admin backup` / `admin restore` of a SQLite data directory.
///
/// A backup is a folder: `control.sqlite` and `apps/<app id>@<version>.sqlite`, each an online
/// copy made with SQLite's backup API (GRDB's `backup(to:)`) while servers may keep serving:
/// each file is a consistent copy of its database. A restore copies them back into a data
/// directory no process has open (``DataDirectoryLock``) and gives the control database a new
/// epoch, so every client finds out and resets (see ``ServerDataLayer/epoch()``).
extension SQLiteServerData {
    func epoch() async throws -> String? {
        if let known = knownEpoch.withLock({ $0 }) { return known }
        let read = try await controlStore.read("reading the server epoch") { db in try ServerEpoch.read(db) }
        knownEpoch.withLock { $0 = read }
        return read
    }

    /// Copies the control database and every app version's file of `directory` into the new
    /// folder `target` (replaced when it exists and `force`); returns what it did, one line.
    static func backup(directory: URL, to target: URL, force: Bool, logger: Logger) async throws -> String {
        try await BlockingLane.shared.run {
            let data = try SQLiteServerData.openBlocking(directory: directory, create: false, logger: logger)
            defer {
                try? data.controlStore.database.close()
                data.openLock.release()
            }
            try prepareTarget(target, force: force)
            try SQLiteFileModes.createFolder(target.appendingPathComponent("apps", isDirectory: true))
            try copy(data.controlStore.database.pool, to: target.appendingPathComponent("control.sqlite"))
            let files = appFiles(in: directory)
            for file in files {
                var configuration = Configuration()
                configuration.readonly = true
                configuration.busyMode = .timeout(ServerDatabase.busyTimeout)
                let source = directory.appendingPathComponent("apps/\(file)")
                do {
                    let pool = try DatabasePool(path: source.path, configuration: configuration)
                    defer { try? pool.close() }
                    try copy(pool, to: target.appendingPathComponent("apps/\(file)"))
                } catch let error as ServerDataError {
                    throw error
                } catch {
                    throw ServerDataError(.storage, "cannot read \(source.path) for the backup: \(error)")
                }
            }
            return "backed up control.sqlite and \(files.count) app database\(files.count == 1 ? "" : "s") to \(target.path)"
        }
    }

    /// Replaces the databases of `directory` (created when missing) by those of the backup
    /// folder `source`, migrates the control database and gives it a new epoch; returns what
    /// it did, one line.
    ///
    /// - Throws: ``ServerDataError`` when `source` is not a backup, when `directory` holds
    ///   server data and not `force`, or when a process has the data directory open.
    static func restore(directory: URL, from source: URL, force: Bool, logger: Logger) async throws -> String {
        try await BlockingLane.shared.run {
            let manager = FileManager.default
            guard manager.fileExists(atPath: source.appendingPathComponent("control.sqlite").path) else {
                throw ServerDataError(
                    .notFound, "\(source.path) is not a strata-server backup: it has no control.sqlite (expected a folder made by admin backup)")
            }
            try SQLiteFileModes.createFolder(directory)
            let lock = try DataDirectoryLock.exclusive(directory)
            defer { lock.release() }
            let control = directory.appendingPathComponent("control.sqlite")
            if manager.fileExists(atPath: control.path), !force {
                throw ServerDataError(
                    .duplicate, "\(directory.path) already holds server data; give --force to replace it with the backup")
            }
            let apps = directory.appendingPathComponent("apps", isDirectory: true)
            try SQLiteFileModes.createFolder(apps)
            for file in ["control.sqlite"] + appFiles(in: directory).map({ "apps/\($0)" }) {
                for suffix in ["", "-wal", "-shm"] {
                    let path = directory.appendingPathComponent(file + suffix).path
                    if manager.fileExists(atPath: path) { try removeFile(path) }
                }
            }
            let files = appFiles(in: source)
            for file in ["control.sqlite"] + files.map({ "apps/\($0)" }) {
                let from = source.appendingPathComponent(file)
                let to = directory.appendingPathComponent(file)
                do {
                    try manager.copyItem(at: from, to: to)
                } catch {
                    throw ServerDataError(.storage, "cannot copy \(from.path) to \(to.path): \(error.localizedDescription)")
                }
                try SQLiteFileModes.prepareDatabase(to)
            }
            let database = try ServerDatabase.open(at: control, migrations: ControlSchema.migrations)
            let epoch = try database.pool.write { db in try ServerEpoch.renew(db) }
            try database.close()
            logger.info("restored the data directory", metadata: ["from": "\(source.path)", "epoch": "\(epoch)"])
            return "restored control.sqlite and \(files.count) app database\(files.count == 1 ? "" : "s") from \(source.path) "
                + "into \(directory.path); the server's new epoch is \(epoch)"
        }
    }

    /// The app version files (`*.sqlite`) in `directory`'s `apps` folder, by name.
    private static func appFiles(in directory: URL) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("apps").path)) ?? []
        return names.filter { $0.hasSuffix(".sqlite") }.sorted()
    }

    /// Makes sure `target` can be created: refused when it exists unless `force` (then removed).
    private static func prepareTarget(_ target: URL, force: Bool) throws {
        if FileManager.default.fileExists(atPath: target.path) {
            guard force else {
                throw ServerDataError(.duplicate, "\(target.path) already exists; give --force to replace it, or name a new folder")
            }
            try removeFile(target.path)
        }
        do {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServerDataError(.cannotOpen, "cannot create the backup folder \(target.path): \(error.localizedDescription)")
        }
    }

    private static func removeFile(_ path: String) throws {
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw ServerDataError(.storage, "cannot remove \(path): \(error.localizedDescription)")
        }
    }

    /// An online copy of `source` into the new file `url` (owner-only), in rollback-journal mode.
    private static func copy(_ source: DatabasePool, to url: URL) throws {
        try SQLiteFileModes.prepareDatabase(url)
        do {
            let destination = try DatabaseQueue(path: url.path)
            try source.backup(to: destination)
            try destination.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            try destination.close()
        } catch {
            throw ServerDataError(.storage, "cannot write the backup \(url.path): \(error)")
        }
    }
}
