import Foundation
import StrataCrossCutting

extension StatusRenderer {
    /// The text format's sync lines: `sync`, `pending changes`, `rejected changes`,
    /// `last sync`, and `last error` when there is one.
    static func syncLines(_ sync: StatusSync) -> [String] {
        var lines = [
            labelled("sync", sync.connectivity.text + (sync.server.map { " (\(TerminalText.escaped($0)))" } ?? "")),
            labelled("pending changes", String(sync.pending)),
            labelled("rejected changes", String(sync.rejected)),
            labelled("last sync", sync.lastSyncAt.map(timestamp) ?? "never"),
        ]
        // The server's URL and the last error come from outside: one line each, controls escaped.
        if let error = sync.lastError { lines.append(labelled("last error", TerminalText.escaped(error))) }
        return lines
    }
}

/// `--format json`'s `"sync"` object: `{"connectivity","lastError","lastSyncAt","pending","rejected","server"}`
/// (`lastError`, `lastSyncAt` and `server` only when known; `connectivity` is `online`,
/// `offline`, `unknown` or `notConfigured`).
struct SyncJSON: Encodable {
    var connectivity: String
    var server: String?
    var pending: Int
    var rejected: Int
    var lastSyncAt: String?
    var lastError: String?

    init(_ sync: StatusSync) {
        connectivity = sync.connectivity.rawValue
        server = sync.server
        pending = sync.pending
        rejected = sync.rejected
        lastSyncAt = sync.lastSyncAt.map(StatusRenderer.timestamp)
        lastError = sync.lastError
    }
}
