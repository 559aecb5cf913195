#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import StrataStore

/// The file a backup goes into: created owner-only (0600) where the user said, or replaced
/// only when they said so; never the store or its key, never through a symbolic link.
enum BackupTarget {
    /// Creates (or, with `overwrite`, empties) the regular file at `path`, mode 0600.
    ///
    /// - Throws: `DataError` `cannotOpen` naming `path`: it exists and `overwrite` is false;
    ///   it is not a regular file; it is the store or one of its files (`-wal`, `-shm`,
    ///   `-journal`, the damaged mark, by name or by inode), the data key, or in the key folder;
    ///   its folder is missing.
    static func prepare(_ path: String, overwrite: Bool, store: String, keyFile: String) throws {
        // By name first: a -wal or -shm that does not exist right now is still the store's
        // (SQLite would take the backup for its log), and the key must never be overwritten.
        let ownFiles = ["", "-wal", "-shm", "-journal", "-damaged"].map { store + $0 } + [keyFile]
        if let target = location(path), let own = ownFiles.first(where: { location($0) == target }) {
            throw DataError(.cannotOpen, "\(path) is the store's own file \(own); back up into another file (nothing was written)")
        }
        let keyFolder = URL(fileURLWithPath: keyFile).deletingLastPathComponent().path
        if let folder = location(URL(fileURLWithPath: path).deletingLastPathComponent().path), folder == location(keyFolder) {
            throw DataError(
                .cannotOpen, "\(path) is in the key folder \(keyFolder); back up into another folder (nothing was written)")
        }
        var existing = stat()
        if lstat(path, &existing) == 0 {
            guard overwrite else {
                throw DataError(.cannotOpen, "\(path) already exists; pass --force to replace it (nothing was written)")
            }
            guard (existing.st_mode & S_IFMT) == S_IFREG else {
                throw DataError(.cannotOpen, "\(path) is not a regular file; a backup replaces only a file (nothing was written)")
            }
            for own in ownFiles {
                var ownInfo = stat()
                if stat(own, &ownInfo) == 0, ownInfo.st_dev == existing.st_dev, ownInfo.st_ino == existing.st_ino {
                    throw DataError(.cannotOpen, "\(path) is the store's own file \(own); back up into another file")
                }
            }
        }
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | (overwrite ? O_TRUNC : O_EXCL)
        let descriptor = open(path, flags, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            let reason: String
            switch code {
            case EEXIST: reason = "it already exists; pass --force to replace it"
            case ENOENT: reason = "its folder \(URL(fileURLWithPath: path).deletingLastPathComponent().path) does not exist"
            case ELOOP: reason = "it is a symbolic link"
            default: reason = String(cString: strerror(code))
            }
            throw DataError(.cannotOpen, "cannot write the backup \(path): \(reason) (nothing was written)")
        }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else {
            throw DataError(.cannotOpen, "cannot make the backup \(path) owner-only: \(String(cString: strerror(errno)))")
        }
    }

    /// `path` with its folder's symbolic links, `.` and `..` resolved (the last name kept as
    /// written), or `nil` when the folder does not exist.
    private static func location(_ path: String) -> String? {
        let url = URL(fileURLWithPath: path)
        guard let resolved = realpath(url.deletingLastPathComponent().path, nil) else { return nil }
        defer { free(resolved) }
        let folder = String(cString: resolved)
        return (folder == "/" ? "" : folder) + "/" + url.lastPathComponent
    }
}
