#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
import StrataStore

/// A file's identity for caching what was read from it: a replaced (renamed-over) file has a
/// new inode, a rewritten one a new size or modification time.
struct FileStamp: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int64
    var modifiedNanoseconds: Int64

    /// The stamp of the file at `path`, or `nil` when it does not exist.
    ///
    /// - Throws: `DataError` `cannotOpen` naming the file when it cannot be examined.
    static func of(path: String) throws -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ENOENT { return nil }
            throw DataError(.cannotOpen, "cannot examine \(path): \(String(cString: strerror(errno)))")
        }
        return FileStamp(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedSeconds: Int64(info.st_mtim.tv_sec), modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
    }
}
