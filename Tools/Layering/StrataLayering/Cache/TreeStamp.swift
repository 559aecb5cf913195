import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fingerprint of everything under a package root that decides what the check reads
/// without reading a byte of it: the names of every entry of every folder (hidden ones, like
/// `.build` and `.git`, left out, as SwiftPM leaves them out), and each Swift file's size,
/// modification time (to the nanosecond) and inode. A Swift file added, removed, renamed or
/// edited, a folder added or linked, changes it; a cache write inside `.build` does not.
///
/// Links are followed (SwiftPM follows them); a folder reached twice (a link loop) is read once.
enum TreeStamp {
    /// The fingerprint of the tree under `root` (16 hex digits), and how many entries it covers.
    static func of(_ root: URL) -> (stamp: String, entries: Int) {
        var hasher = StableHasher()
        var visited: Set<FileIdentity> = []
        var entries = 0
        walk(root.path, relative: "", hasher: &hasher, visited: &visited, entries: &entries)
        return (hasher.hex, entries)
    }

    /// The `stat` of `path` (links followed) as `size:mtime-seconds.nanoseconds:inode`, or `-`
    /// when there is nothing there.
    static func fileStamp(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "-" }
        return "\(status.st_size):\(modification(status)):\(status.st_ino)"
    }

    private struct FileIdentity: Hashable {
        let device, inode: UInt64
    }

    private static func modification(_ status: stat) -> String {
        #if canImport(Darwin)
            "\(status.st_mtimespec.tv_sec).\(status.st_mtimespec.tv_nsec)"
        #else
            "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        #endif
    }

    private static func walk(
        _ folder: String, relative: String, hasher: inout StableHasher, visited: inout Set<FileIdentity>, entries: inout Int
    ) {
        var status = stat()
        guard stat(folder, &status) == 0 else { return }
        guard visited.insert(FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))).inserted else {
            hasher.add("loop:\(relative)\n")
            return
        }
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            hasher.add("unreadable:\(relative)\n")
            return
        }
        for name in names.sorted() where !name.hasPrefix(".") {
            entries += 1
            let path = folder + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            var entry = stat()
            guard stat(path, &entry) == 0 else {
                hasher.add("dangling:\(child)\n")
                continue
            }
            if entry.st_mode & S_IFMT == S_IFDIR {
                hasher.add("d:\(child)\n")
                walk(path, relative: child, hasher: &hasher, visited: &visited, entries: &entries)
            } else if name.hasSuffix(".swift") {
                hasher.add("s:\(child):\(entry.st_size):\(modification(entry)):\(entry.st_ino)\n")
            } else {
                hasher.add("f:\(child)\n")
            }
        }
    }
}

/// 64-bit FNV-1a over the bytes added: stable across processes (Swift's `Hasher` is seeded per
/// process), for cache keys and fingerprints, not for security.
struct StableHasher {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds the UTF-8 bytes of `text`.
    mutating func add(_ text: String) {
        for byte in text.utf8 { mix(byte) }
    }

    /// Adds `data`, preceded by its length (so two inputs cannot run into each other).
    mutating func add(_ data: Data) {
        add("\(data.count):")
        for byte in data { mix(byte) }
    }

    private mutating func mix(_ byte: UInt8) {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01b3
    }

    /// The hash as 16 hex digits.
    var hex: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
