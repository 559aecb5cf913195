#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataJournal
import StrataPresentation

extension StatusRenderer {
    /// The text format's sync lines: `sync`, `pending changes`, `rejected changes`,
    /// `last sync`, and `last error` when there is one (in the current ``MessageLanguage``:
    /// `同期`, `保留中の変更`, …). (The JSON format's `"sync"` object is
    /// ``SyncStatusJSON``, shared with `strata-host account status --json`.)
    static func syncLines(_ sync: SyncStatus) -> [String] {
        // A password in a URL (the server's, or one the last error names) is never shown.
        var lines = [
            labelled(
                localized("sync", ja: "同期"),
                sync.connectivity.text + (sync.server.map { " (\(TerminalText.escaped(CredentialMask.masked($0))))" } ?? "")),
            labelled(localized("pending changes", ja: "保留中の変更"), String(sync.pendingCount)),
            labelled(localized("rejected changes", ja: "却下された変更"), String(sync.rejectedCount)),
            labelled(localized("last sync", ja: "最終同期"), sync.lastSyncAt.map(DayText.instant) ?? localized("never", ja: "未同期")),
        ]
        // The server's URL and the last error come from outside: one line each, controls escaped.
        if let error = sync.lastError {
            lines.append(labelled(localized("last error", ja: "最後のエラー"), TerminalText.escaped(CredentialMask.masked(error))))
        }
        return lines
    }
}
