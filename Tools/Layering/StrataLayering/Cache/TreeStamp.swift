import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What under a package root decides what the check reads, recorded so a later run can tell
/// "nothing changed" with one `stat` per folder and Swift file and no folder listing.
///
/// A ``snapshot(of:listing:)`` walks the tree (hidden entries, like `.build` and `.git`, left
/// out, as SwiftPM leaves them out; links followed, as SwiftPM follows them; a folder reached
/// twice, a link loop, read once) and records one line per entry: each folder with its
/// modification time and inode (a file added, removed or renamed in it changes the time), each
/// Swift file with its size, time (to the nanosecond) and inode. The folders in `listing` (the
/// root, and the folder of the cache file, whose times change when the cache or `.build` is
/// written) are recorded by the names they hold instead. ``isUnchanged(_:root:listing:)``
/// re-stats every recorded line.
enum TreeStamp {
    /// The snapshot of the tree under `root` (a line `<d|s><stamp> <relative path>` per entry),
    /// or `nil` when a name holds a newline (no cache then: the record could not say it).
    static func snapshot(of root: URL, listing: Set<String>) -> String? {
        var lines = ""
        var visited: Set<FileIdentity> = []
        // The folders holding the root (`/`, the home folder, the root itself): a link to one of
        // them is not followed, or one link would make every run walk the whole disk
        // (SourceFiles refuses the same links, so nothing under them is ever read).
        var holding: Set<FileIdentity> = []
        var folder = root.resolvingSymlinksInPath()
        while true {
            var status = stat()
            if stat(folder.path, &status) == 0 { holding.insert(FileIdentity(status)) }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { break }
            folder = parent
        }
        guard walk(root.path, relative: "", listing: listing, into: &lines, visited: &visited, holding: holding) else {
            return nil
        }
        return lines
    }

    /// Whether every line of `snapshot` still holds for the tree under `root`.
    static func isUnchanged(_ snapshot: String, root: URL, listing: Set<String>) -> Bool {
        // Bytes, not Characters: a record of 9,000 lines is read on every run that hits the cache.
        for line in snapshot.utf8.split(separator: UInt8(ascii: "\n")) {
            guard let kind = line.first, let space = line.firstIndex(of: UInt8(ascii: " ")) else { return false }
            let stamp = line[line.index(after: line.startIndex)..<space]
            let relative = String(decoding: line[line.index(after: space)...], as: UTF8.self)
            let path = relative.isEmpty ? root.path : root.path + "/" + relative
            let current = kind == UInt8(ascii: "d") ? folderStamp(path, relative: relative, listing: listing) : fileStamp(path)
            guard current.utf8.elementsEqual(stamp) else { return false }
        }
        return true
    }

    /// The `stat` of `path` (links followed) as `size:mtime-seconds.nanoseconds:inode`, or `-`
    /// when there is nothing there.
    static func fileStamp(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "-" }
        return "\(status.st_size):\(modification(status)):\(status.st_ino)"
    }

    /// A folder's stamp: the names it holds (hidden ones left out) when it is in `listing`, else
    /// its time and inode.
    private static func folderStamp(_ path: String, relative: String, listing: Set<String>) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else { return "-" }
        guard listing.contains(relative) else { return "\(modification(status)):\(status.st_ino)" }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
        var hasher = StableHasher()
        for name in names { hasher.add(name + "/") }
        return "names:\(hasher.hex)"
    }

    private struct FileIdentity: Hashable {
        let device, inode: UInt64

        init(_ status: stat) {
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    private static func modification(_ status: stat) -> String {
        #if canImport(Darwin)
            "\(status.st_mtimespec.tv_sec).\(status.st_mtimespec.tv_nsec)"
        #else
            "\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
        #endif
    }

    /// Records `folder` and everything under it; `false` when a name cannot be recorded.
    private static func walk(
        _ folder: String, relative: String, listing: Set<String>, into lines: inout String, visited: inout Set<FileIdentity>,
        holding: Set<FileIdentity>
    ) -> Bool {
        var status = stat()
        guard stat(folder, &status) == 0, relative.isEmpty || !holding.contains(FileIdentity(status)),
              visited.insert(FileIdentity(status)).inserted
        else { return true }
        lines += "d\(folderStamp(folder, relative: relative, listing: listing)) \(relative)\n"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return true }
        for name in names.sorted() where !name.hasPrefix(".") {
            guard !name.contains("\n") else { return false }
            let path = folder + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            var entry = stat()
            guard stat(path, &entry) == 0 else { continue }
            if entry.st_mode & S_IFMT == S_IFDIR {
                guard walk(path, relative: child, listing: listing, into: &lines, visited: &visited, holding: holding) else {
                    return false
                }
            } else if name.hasSuffix(".swift") {
                lines += "s\(entry.st_size):\(modification(entry)):\(entry.st_ino) \(child)\n"
            }
        }
        return true
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
