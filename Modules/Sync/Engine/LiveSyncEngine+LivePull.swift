import Foundation
import Logging
import StrataCrossCutting
import StrataJournal
import Synchronization

/// The types the push channel said changed (``PushPoll/changed``), waiting to be pulled.
///
/// Bursts coalesce: at most one live pull runs at a time; types named while it runs are
/// pulled by one more run right after it, so a change is never left unpulled and a burst of
/// wakes costs at most two pulls of a type.
final class LivePulls: Sendable {
    private struct State {
        /// The next poll must catch up: none ran yet in this process, or the last one failed
        /// (the server may have restarted and forgotten this device's changes).
        var catchUp = true
        var running = false
        var types: Set<String> = []
        var everyType = false
    }

    private let state = Mutex(State())

    /// Whether the poll about to run must catch up (taken: the next one need not).
    func takeCatchUp() -> Bool {
        state.withLock { state in
            defer { state.catchUp = false }
            return state.catchUp
        }
    }

    /// A poll failed: the next one catches up.
    func needCatchUp() {
        state.withLock { $0.catchUp = true }
    }

    /// Adds `types` (`[]`: every synced type); whether the caller must start a run (none runs).
    func want(_ types: [String]) -> Bool {
        state.withLock { state in
            if types.isEmpty { state.everyType = true } else { state.types.formUnion(types) }
            guard !state.running else { return false }
            state.running = true
            return true
        }
    }

    /// The next batch to pull (`nil` types: every synced type), taken; `nil` ends the run.
    func next() -> Set<String>?? {
        state.withLock { state -> Set<String>?? in
            defer {
                state.types = []
                state.everyType = false
            }
            if state.everyType { return .some(nil) }
            if !state.types.isEmpty { return .some(state.types) }
            state.running = false
            return nil
        }
    }
}

/// Live changes: the push channel's answer names the types that changed for this user; they
/// are pulled at once, in the background, so the poll goes on listening meanwhile.
extension LiveSyncEngine {
    /// Pulls `types` (`[]`: every synced type) soon, coalesced with the pulls already due.
    func pullChanged(_ types: [String]) {
        guard let client, livePulls.want(types) else { return }
        Task { await self.runLivePulls(client: client) }
    }

    private func runLivePulls(client: SyncClient) async {
        while let batch = livePulls.next() {
            do {
                try await gate.run {
                    let info = try await signedIn()
                    var report = SyncReport(
                        pushed: 0, rejected: 0, pulled: [:], keptLocal: 0, startedAt: clock.now(), finishedAt: clock.now())
                    for type in try await state.syncedTypes() where batch?.contains(type.name) ?? true {
                        try await pull(type.name, as: info, client: client, report: &report)
                    }
                    if !report.pulled.isEmpty {
                        logger.debug("pulled live changes", metadata: ["pulled": "\(report.pulled)"])
                    }
                }
            } catch {
                // The auto refresh and the next sync pull them; the next wake tries again.
                logger.warning("cannot pull the changed data the server announced: \(error)")
            }
        }
    }
}
