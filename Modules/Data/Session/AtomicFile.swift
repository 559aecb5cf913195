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

/// Replaces a small owner-only file atomically: readers see the old file or the new one,
/// never a torn one, even if the process dies half-way.
enum AtomicFile {
    /// Writes `data` to a new temporary file beside `url` (created `O_EXCL`, mode 0600),
    /// flushes it to disk, renames it over `url`, then flushes the directory.
    ///
    /// - Throws: `DataError` `cannotOpen` naming the file and the system's reason; the
    ///   temporary file is removed on failure.
    static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("create", temporary) }
        var closed = false
        var renamed = false
        defer {
            if !closed { close(descriptor) }
            if !renamed { unlink(temporary.path) }
        }
        // The umask can only remove bits, but be explicit: owner read/write only.
        guard fchmod(descriptor, 0o600) == 0 else { throw failure("restrict", temporary) }
        try data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    throw failure("write", temporary)
                }
                offset += written
            }
        }
        guard fsync(descriptor) == 0 else { throw failure("flush", temporary) }
        closed = true
        guard close(descriptor) == 0 else { throw failure("close", temporary) }
        guard rename(temporary.path, url.path) == 0 else { throw failure("replace", url) }
        renamed = true
        syncDirectory(directory)
    }

    /// Flushes the directory entry of the rename; best effort (some file systems refuse).
    private static func syncDirectory(_ directory: URL) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The system's `write(2)` (this enum's own `write` hides the plain name).
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Musl.write(descriptor, bytes, count)
        #endif
    }

    private static func failure(_ verb: String, _ url: URL) -> DataError {
        DataError(.cannotOpen, "cannot \(verb) the file \(url.path): \(String(cString: strerror(errno)))")
    }
}
