import Crypto
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import StrataStore

/// The data key on disk: 32 random bytes in `<container>/keys/data.key`, mode 0600, in a
/// 0700 folder.
///
/// - Important: an existing key is never overwritten or repaired. A new key is written to a
///   private temporary file, flushed, then hard-linked to its final name: `link(2)` fails when
///   the name exists, so when several processes create the key at once exactly one wins and
///   the others read the winner's (complete) key. A key file that is the wrong size or that
///   group or others may access is refused with a message saying what to do. Writers call
///   ``tidyFolder(of:)`` on every open: a wider folder is tightened to 0700, and temporary
///   keys a killed creator left are removed.
enum KeyFile {
    /// The size of the key in bytes (AES-256 / HMAC-SHA256 input keying material).
    static let byteCount = 32

    /// Reads the key at `url`, or returns `nil` when there is no file there.
    ///
    /// - Throws: `DataError` `cannotOpen` naming the path when the file is not a regular
    ///   file, is not owner-only, is not exactly ``byteCount`` bytes, or cannot be read.
    static func load(at url: URL) throws -> [UInt8]? {
        let path = url.path
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        if descriptor < 0 {
            let code = errno
            if code == ENOENT { return nil }
            if code == ELOOP {
                throw DataError(.cannotOpen, "the data key \(path) is a symbolic link; expected a regular owner-only file")
            }
            throw failure("cannot open the data key \(path)", code: code)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw failure("cannot inspect the data key \(path)", code: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            throw DataError(.cannotOpen, "the data key \(path) is not a regular file; expected \(byteCount) bytes, mode 0600")
        }
        let permissions = info.st_mode & 0o777
        guard permissions & 0o077 == 0 else {
            throw DataError(
                .cannotOpen,
                "the data key \(path) has mode \(octal(permissions)), so other users may access it; "
                    + "it must be owner-only: run `chmod 600 \(path)`")
        }
        guard info.st_size == off_t(byteCount) else {
            throw DataError(
                .cannotOpen,
                "the data key \(path) holds \(info.st_size) bytes; expected exactly \(byteCount) "
                    + "(the file is damaged or not a Strata key; data sealed with the lost key cannot be read)")
        }
        var bytes = [UInt8](repeating: 0, count: byteCount)
        var filled = 0
        while filled < byteCount {
            let count = bytes.withUnsafeMutableBytes { buffer in
                read(descriptor, buffer.baseAddress! + filled, byteCount - filled)
            }
            if count < 0, errno == EINTR { continue }
            if count < 0 { throw failure("cannot read the data key \(path)", code: errno) }
            if count == 0 {
                throw DataError(.cannotOpen, "the data key \(path) ended after \(filled) bytes; expected \(byteCount)")
            }
            filled += count
        }
        return bytes
    }

    /// Reads the key at `url`, first creating it (and its owner-only folder) when it is missing.
    ///
    /// Safe against other processes and threads doing the same at the same time: all of them
    /// end up with the one key that was linked into place first.
    ///
    /// - Throws: `DataError` `cannotOpen` naming the path when the folder or file cannot be
    ///   created, or an existing key is refused by ``load(at:)``.
    static func loadOrCreate(at url: URL) throws -> [UInt8] {
        if let existing = try load(at: url) { return existing }
        return try place(SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) }, at: url)
    }

    /// Puts `key` at `url` (creating its owner-only folder) unless a key is there already, and
    /// returns the key that is there now: `key`, or the one another process or thread linked
    /// first. Never overwrites.
    ///
    /// - Throws: `DataError` `cannotOpen` naming the path when the folder or file cannot be
    ///   created, or an existing key is refused by ``load(at:)``.
    static func place(_ key: [UInt8], at url: URL) throws -> [UInt8] {
        let folder = url.deletingLastPathComponent()
        try makeFolder(folder)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UUID().uuidString)")
        try writeFlushed(key, to: temporary.path)
        defer { unlink(temporary.path) }
        if link(temporary.path, url.path) == 0 {
            syncFolder(folder.path)
            return key
        }
        let code = errno
        guard code == EEXIST else {
            throw failure("cannot put the new data key in place at \(url.path)", code: code)
        }
        // Another process or thread linked its key first: use that one.
        guard let winner = try load(at: url) else {
            throw DataError(.cannotOpen, "the data key \(url.path) vanished while it was being created; try again")
        }
        return winner
    }

    /// Removes the key file at `url` (nothing there is not an error) and flushes the folder.
    ///
    /// - Throws: `DataError` `cannotOpen` naming the path when it cannot be removed.
    static func remove(at url: URL) throws {
        guard unlink(url.path) == 0 else {
            let code = errno
            if code == ENOENT { return }
            throw failure("cannot remove the data key \(url.path)", code: code)
        }
        syncFolder(url.deletingLastPathComponent().path)
    }

    /// Puts the key folder of `url` right before a writer uses it (a missing folder is left
    /// for ``loadOrCreate(at:)``):
    ///
    /// - a folder group or others may enter is tightened to 0700 (the mode the docs promise);
    ///   a symbolic link, a non-directory or a folder another user owns is refused;
    /// - temporary keys a creator killed half-way left behind (`.<name>.<pid>.<UUID>`, exactly
    ///   that pattern, regular files owned by us, last changed before this process started, named
    ///   after a process that is not running) are removed. A creator still running (even
    ///   stopped) keeps its file.
    ///
    /// - Throws: `DataError` `cannotOpen` naming the folder and what is wrong with it.
    static func tidyFolder(of url: URL) throws {
        let folder = url.deletingLastPathComponent()
        var info = stat()
        guard lstat(folder.path, &info) == 0 else {
            if errno == ENOENT { return }
            throw failure("cannot inspect the key folder \(folder.path)", code: errno)
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: break
        case S_IFLNK:
            throw DataError(
                .cannotOpen, "the key folder \(folder.path) is a symbolic link; expected a directory of your own, mode 0700")
        default:
            throw DataError(.cannotOpen, "the key folder \(folder.path) is not a directory; expected a directory, mode 0700")
        }
        guard info.st_uid == geteuid() else {
            throw DataError(
                .cannotOpen,
                "the key folder \(folder.path) belongs to user id \(info.st_uid), not to you (\(geteuid())); "
                    + "expected a directory of your own, mode 0700")
        }
        if info.st_mode & 0o077 != 0 {
            guard chmod(folder.path, 0o700) == 0 else {
                throw failure(
                    "the key folder \(folder.path) has mode \(octal(info.st_mode & 0o777)) and cannot be made owner-only",
                    code: errno)
            }
        }
        removeLeftovers(in: folder, keyName: url.lastPathComponent)
    }

    /// Removes temporary keys left by creators that were killed (see ``tidyFolder(of:)``); best effort.
    private static func removeLeftovers(in folder: URL, keyName: String) {
        // The folder is listed first: this process's start time reads `/proc/self/stat` and
        // `/proc/stat` (whose size grows with the machine's CPUs and interrupts), and is needed
        // only when a leftover is there, which is almost never.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        let leftovers = names.filter { isTemporaryName($0, keyName: keyName) }
        guard !leftovers.isEmpty, let started = ProcessStart.time() else { return }
        for name in leftovers {
            let path = folder.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
                Double(info.st_mtim.tv_sec) < started
            else { continue }
            unlink(path)
        }
    }

    /// Whether `name` is exactly `.<keyName>.<pid>.<UUID>` for a pid other than this
    /// process's, and no process with that pid is running (a stopped creator keeps its file).
    static func isTemporaryName(_ name: String, keyName: String) -> Bool {
        let prefix = ".\(keyName)."
        guard name.hasPrefix(prefix) else { return false }
        let parts = name.dropFirst(prefix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            let pid = Int32(parts[0]), pid != getpid(),
            let uuid = UUID(uuidString: String(parts[1])), uuid.uuidString == parts[1]
        else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// Creates the key folder (and the container above it) owner-only; an existing folder is
    /// used as it is.
    private static func makeFolder(_ folder: URL) throws {
        do {
            try ContainerDirectory.makeOwnerOnlyDirectory(folder.deletingLastPathComponent())
        } catch {
            throw DataError(.cannotOpen, "cannot create the container directory for the data key: \(error)")
        }
        if mkdir(folder.path, 0o700) == 0 {
            // mkdir's mode is masked by the umask; the key folder must be exactly 0700.
            guard chmod(folder.path, 0o700) == 0 else {
                throw failure("cannot make the key folder \(folder.path) owner-only", code: errno)
            }
            return
        }
        let code = errno
        var info = stat()
        guard code == EEXIST, stat(folder.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw failure("cannot create the key folder \(folder.path) (expected a directory)", code: code)
        }
    }

    /// Writes `bytes` to a new file at `path` (which must not exist), mode 0600, and flushes it to disk.
    private static func writeFlushed(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create the temporary key file \(path)", code: errno) }
        defer { close(descriptor) }
        guard fchmod(descriptor, 0o600) == 0 else {
            let code = errno
            unlink(path)
            throw failure("cannot make the temporary key file \(path) owner-only", code: code)
        }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, bytes.count - written)
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                let code = errno
                unlink(path)
                throw failure("cannot write the temporary key file \(path)", code: code)
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let code = errno
            unlink(path)
            throw failure("cannot flush the temporary key file \(path) to disk", code: code)
        }
    }

    /// Flushes the folder's entries (the new key's name) to disk; best effort.
    private static func syncFolder(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ what: String, code: Int32) -> DataError {
        DataError(.cannotOpen, "\(what): \(String(cString: strerror(code)))")
    }

    private static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
