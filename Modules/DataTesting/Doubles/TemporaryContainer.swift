import Foundation
import StrataCrossCutting
import StrataStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A fresh, owner-only container directory of its own for one double's real store, removed
/// (with the store, its key and its session) when the last part of the double is released.
///
/// It lives on `/dev/shm` (a RAM file system) when that is a writable directory, else in the
/// system's temporary directory: a typical test's store costs about a millisecond there, but
/// tens of milliseconds on a disk, where creating a WAL store waits for `fsync`.
final class TemporaryContainer: Sendable {
    /// The container: pass it to `DataLayerFactory.live(container:logger:)` to open its store.
    let directory: ContainerDirectory

    /// Creates a new, empty, owner-only directory named `strata-double-XXXXXX`.
    ///
    /// - Throws: ``StrataData/DataError`` `cannotOpen` naming the folder when no directory can be made there.
    init() throws {
        let base = Self.baseDirectory()
        var template = Array(base.appendingPathComponent("strata-double-XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            let reason = String(cString: strerror(errno))
            throw DataError(.cannotOpen, "StrataDataTesting: cannot make a temporary store folder in \(base.path): \(reason)")
        }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        directory = ContainerDirectory(url: URL(fileURLWithPath: path, isDirectory: true))
    }

    deinit {
        try? FileManager.default.removeItem(at: directory.url)
    }

    /// `/dev/shm` when it is a directory this process may write, else the temporary directory.
    private static func baseDirectory() -> URL {
        var info = stat()
        if stat("/dev/shm", &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR, access("/dev/shm", W_OK | X_OK) == 0 {
            return URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        }
        return FileManager.default.temporaryDirectory
    }
}
