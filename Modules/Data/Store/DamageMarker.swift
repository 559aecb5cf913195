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
#endif

/// The mark a damaged store carries for every process: `strata.sqlite-damaged` beside the
/// store, holding SQLite's first complaint.
///
/// A writer whose statement meets a corrupt page (`SQLITE_CORRUPT`, `SQLITE_NOTADB`) writes
/// it; every later open, in any process, refuses the store with ``message(store:detail:)``
/// until `strata-host store recover` puts a new store in place (or `strata-host store check`
/// finds the file sound after all). Readers never write it: `strata-status` only looks.
struct DamageMarker: Sendable {
    /// The marker file.
    let url: URL
    /// The store it marks.
    let storeURL: URL

    init(storeURL: URL) {
        self.storeURL = storeURL
        url = URL(fileURLWithPath: storeURL.path + "-damaged")
    }

    /// What the marker says, or `nil` when the store is not marked.
    func reason() -> String? {
        // Nearly always absent: one `access` says so without FileManager's first use (every
        // command and status tick opens the store through here).
        if access(url.path, F_OK) != 0, errno == ENOENT { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let text = String(decoding: data.prefix(1000), as: UTF8.self).trimmingWhitespaceAndNewlines()
        return text.isEmpty ? "marked damaged" : text
    }

    /// Marks the store damaged with `reason`, unless it is marked already; best effort (the
    /// failing statement reports the damage in any case).
    func record(_ reason: String) {
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let bytes = Array((reason + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        _ = fsync(descriptor)
    }

    /// Removes the mark (after a recovery, or a check that found the file sound).
    func clear() {
        unlink(url.path)
    }

    /// The one line every refusal prints: the file, SQLite's complaint, and what to run.
    static func message(store: String, detail: String) -> String {
        "the store \(store) is damaged (\(detail)); nothing more is written to it. Run `strata-host store recover` "
            + "to copy what is readable into a new store (the damaged file is kept beside it); "
            + "`strata-host store check` lists the problems"
    }
}
