import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The file a backup goes into: created owner-only (0600) where the user said, or replaced
/// only when they said so; never the store itself, never through a symbolic link.
enum BackupTarget {
    /// Creates (or, with `overwrite`, empties) the regular file at `path`, mode 0600.
    ///
    /// - Throws: ``DataError`` `cannotOpen` naming `path`: it exists and `overwrite` is false;
    ///   it is not a regular file; it is the store or one of its files; its folder is missing.
    static func prepare(_ path: String, overwrite: Bool, store: String) throws {
        var existing = stat()
        if lstat(path, &existing) == 0 {
            guard overwrite else {
                throw DataError(.cannotOpen, "\(path) already exists; pass --force to replace it (nothing was written)")
            }
            guard (existing.st_mode & S_IFMT) == S_IFREG else {
                throw DataError(.cannotOpen, "\(path) is not a regular file; a backup replaces only a file (nothing was written)")
            }
            for suffix in ["", "-wal", "-shm", "-journal"] {
                var storeInfo = stat()
                if stat(store + suffix, &storeInfo) == 0, storeInfo.st_dev == existing.st_dev, storeInfo.st_ino == existing.st_ino {
                    throw DataError(.cannotOpen, "\(path) is the store's own file \(store + suffix); back up into another file")
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
}
