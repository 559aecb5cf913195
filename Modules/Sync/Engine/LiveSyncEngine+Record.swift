import Foundation
import Logging
import StrataCrossCutting
import StrataJournal
import StrataWire
import Synchronization

/// The facts ``SyncEngine/status()`` shows, recorded in the store (``SyncStateStore``) as they happen.
extension LiveSyncEngine {
    /// A sync finished: now is the last sync, the last error is cleared, the server is online.
    func recordSuccess() async throws {
        try await state.set([
            SyncStateKey.lastSyncAt: String(clock.now().timeIntervalSince1970), SyncStateKey.lastError: nil,
            SyncStateKey.lastErrorAt: nil, SyncStateKey.connectivity: SyncConnectivity.online.rawValue,
            SyncStateKey.server: configuration?.shownServer,
        ])
    }

    /// The server answered (a login, a logout).
    func recordOnline() async throws {
        try await state.set([
            SyncStateKey.connectivity: SyncConnectivity.online.rawValue,
            SyncStateKey.server: configuration?.shownServer,
        ])
    }

    /// A request failed: the message, and whether the server answered at all. No password is
    /// kept: the server is recorded as ``SyncConfiguration/shownServer`` and the message masked.
    func recordFailure(_ failure: SyncFailure, doing: String) async throws {
        let message = failure.syncError(doing: doing, server: configuration?.shownServer ?? "").description
        try await state.set([
            .lastError: CredentialMask.masked(message), .lastErrorAt: String(clock.now().timeIntervalSince1970),
            .connectivity: (failure.serverAnswered ? SyncConnectivity.online : .offline).rawValue,
            SyncStateKey.server: configuration?.shownServer,
        ])
    }

    /// Something else failed (the store, no session): the message only.
    func recordError(_ message: String) async throws {
        try await state.set([
            SyncStateKey.lastError: CredentialMask.masked(message), SyncStateKey.lastErrorAt: String(clock.now().timeIntervalSince1970),
        ])
    }

    /// Runs `request` until it succeeds, retrying network and 5xx failures after the engine's
    /// ``Backoff`` (doubling, jittered, capped), at most ``SyncConfiguration/maxAttempts`` times.
    func withRetries<T>(doing: String, _ request: () async throws(SyncFailure) -> T) async throws -> T {
        let attempts = configuration?.maxAttempts ?? 1
        var attempt = 1
        while true {
            let failure: SyncFailure
            do {
                return try await request()
            } catch {
                failure = error
            }
            guard failure.isRetryable else { throw failure }
            guard attempt < attempts else { throw RetriesExhausted(failure: failure, doing: doing, attempts: attempt) }
            let delay = backoff.delay(afterFailures: attempt)
            logger.debug("retrying", metadata: ["doing": "\(doing)", "delay": "\(delay)", "error": "\(readable(failure, doing: doing))"])
            try await sleep(delay)
            attempt += 1
        }
    }
}
