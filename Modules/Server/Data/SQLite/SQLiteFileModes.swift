import Foundation
import Logging
import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owner-only files and folders: the databases hold password hashes, session hashes and every
/// app's objects, so whatever the umask or the directory's mode, each database and its `-wal`
/// and `-shm` are 0600 and the folders the server creates 0700.
enum SQLiteFileModes {
    /// Creates `url` (and missing parents) as 0700 when missing; `false` when it existed.
    @discardableResult
    static func createFolder(_ url: URL) throws -> Bool {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else {
                throw ServerDataError(.cannotOpen, "cannot use \(url.path) as the data directory: it is a file")
            }
            return false
        }
        do {
            try FileManager.default.createDirectory(
                at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw ServerDataError(
                .cannotOpen, "cannot create the data directory \(url.path): \(FileProblem.describe(error, path: url.path))")
        }
        guard chmod(url.path, 0o700) == 0 else {
            throw ServerDataError(.cannotOpen, "cannot make \(url.path) owner-only (chmod 700): \(errnoText())")
        }
        return true
    }

    /// Logs a warning when other users may read or write `url` (a folder that existed).
    static func warnIfShared(_ url: URL, logger: Logger) {
        var info = stat()
        guard stat(url.path, &info) == 0 else { return }
        let mode = info.st_mode & 0o777
        guard mode & 0o066 != 0 else { return }
        logger.warning(
            """
            the data directory \(url.path) is readable or writable by other users \
            (mode \(String(mode, radix: 8))); `chmod 700` it
            """,
            metadata: ["directory": "\(url.path)"])
    }

    /// Creates the database file at `url` as 0600 when missing, and makes it and an existing
    /// `-wal` and `-shm` 0600 (SQLite creates those later with the database file's mode).
    static func prepareDatabase(_ url: URL) throws {
        let descriptor = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ServerDataError(.cannotOpen, "cannot create the server database \(url.path): \(errnoText())")
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else {
            throw ServerDataError(.cannotOpen, "cannot make \(url.path) owner-only (chmod 600): \(errnoText())")
        }
        for suffix in ["-wal", "-shm"] {
            let path = url.path + suffix
            guard chmod(path, 0o600) == 0 || errno == ENOENT else {
                throw ServerDataError(.cannotOpen, "cannot make \(path) owner-only (chmod 600): \(errnoText())")
            }
        }
    }

    /// Runs `body` holding an exclusive `flock` on the folder `url` (waiting for another
    /// process's to be released), so that processes creating or migrating databases in one
    /// folder do it one at a time. Blocks: call it from a dispatch thread, never a task.
    static func withFolderLock<T>(_ url: URL, _ body: () throws -> T) throws -> T {
        let descriptor = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ServerDataError(.cannotOpen, "cannot open the data directory \(url.path): \(errnoText())")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw ServerDataError(.cannotOpen, "cannot lock the data directory \(url.path): \(errnoText())")
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
