#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataPresentation

extension StatusRenderer {
    /// The text format's sync lines: `sync`, `pending changes`, `rejected changes`,
    /// `last sync`, and `last error` when there is one. (The JSON format's `"sync"` object is
    /// ``SyncStatusJSON``, shared with `strata-host account status --json`.)
    static func syncLines(_ sync: StatusSync) -> [String] {
        var lines = [
            labelled("sync", sync.connectivity.text + (sync.server.map { " (\(TerminalText.escaped($0)))" } ?? "")),
            labelled("pending changes", String(sync.pending)),
            labelled("rejected changes", String(sync.rejected)),
            labelled("last sync", sync.lastSyncAt.map(DayText.instant) ?? "never"),
        ]
        // The server's URL and the last error come from outside: one line each, controls escaped.
        if let error = sync.lastError { lines.append(labelled("last error", TerminalText.escaped(error))) }
        return lines
    }
}
