import Foundation
import Synchronization

/// A `flock` on `<data dir>/.strata-open.lock`: every process that opens the SQLite data
/// (``SQLiteServerData``: `serve` and every admin command) holds it shared while it has the
/// databases open; a restore takes it exclusive without waiting, so it refuses a data
/// directory a server is using. The kernel releases it when the process ends.
final class DataDirectoryLock: Sendable {
    /// The lock file's name in the data directory.
    static let fileName = ".strata-open.lock"
    /// The open lock file (`-1` once released).
    private let descriptor: Mutex<Int32>

    private init(descriptor: Int32) { self.descriptor = Mutex(descriptor) }

    /// Takes the lock shared (waiting only for a restore that holds it exclusive).
    static func shared(_ directory: URL) throws -> DataDirectoryLock {
        let descriptor = try openFile(directory)
        while flock(descriptor, LOCK_SH) != 0 {
            guard errno == EINTR else {
                let text = String(cString: strerror(errno))
                close(descriptor)
                throw ServerDataError(.cannotOpen, "cannot lock the data directory \(directory.path): \(text)")
            }
        }
        return DataDirectoryLock(descriptor: descriptor)
    }

    /// Takes the lock exclusive, or throws at once when another process holds it (a server
    /// serving the data directory, or an admin command running on it).
    static func exclusive(_ directory: URL) throws -> DataDirectoryLock {
        let descriptor = try openFile(directory)
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            close(descriptor)
            throw ServerDataError(
                .cannotOpen,
                "the data directory \(directory.path) is in use by a running strata-server (serve or an admin command); stop it first")
        }
        return DataDirectoryLock(descriptor: descriptor)
    }

    private static func openFile(_ directory: URL) throws -> Int32 {
        let path = directory.appendingPathComponent(fileName).path
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ServerDataError(.cannotOpen, "cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        return descriptor
    }

    /// Releases the lock (closing the file releases it); the kernel does it at exit otherwise.
    /// A second release does nothing.
    func release() {
        descriptor.withLock { descriptor in
            if descriptor >= 0 { close(descriptor) }
            descriptor = -1
        }
    }

    /// A lock nobody holds any more is released: an open that fails after taking it (a damaged
    /// `control.sqlite`, a failed migration) must not keep the directory "in use" for the rest
    /// of the process, nor leak its file.
    deinit { release() }
}
