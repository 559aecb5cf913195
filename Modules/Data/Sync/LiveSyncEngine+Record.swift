import Foundation
import Logging
import StrataCrossCutting
import StrataWire
import Synchronization

/// The facts ``SyncEngine/status()`` shows, written to `_strata_settings` as they happen.
extension LiveSyncEngine {
    /// A sync finished: now is the last sync, the last error is cleared, the server is online.
    func recordSuccess() throws {
        try settings.set([
            SyncSettings.lastSyncAt: String(clock.now().timeIntervalSince1970), SyncSettings.lastError: nil,
            SyncSettings.lastErrorAt: nil, SyncSettings.connectivity: SyncConnectivity.online.rawValue,
            SyncSettings.server: configuration?.serverURL.absoluteString,
        ])
    }

    /// The server answered (a login, a logout).
    func recordOnline() throws {
        try settings.set([
            SyncSettings.connectivity: SyncConnectivity.online.rawValue,
            SyncSettings.server: configuration?.serverURL.absoluteString,
        ])
    }

    /// A request failed: the message, and whether the server answered at all.
    func recordFailure(_ failure: SyncFailure, doing: String) throws {
        let message = failure.dataError(doing: doing, server: configuration?.serverURL.absoluteString ?? "").description
        try settings.set([
            SyncSettings.lastError: message, SyncSettings.lastErrorAt: String(clock.now().timeIntervalSince1970),
            SyncSettings.connectivity: (failure.serverAnswered ? SyncConnectivity.online : .offline).rawValue,
            SyncSettings.server: configuration?.serverURL.absoluteString,
        ])
    }

    /// Something else failed (the store, no session): the message only.
    func recordError(_ message: String) throws {
        try settings.set([
            SyncSettings.lastError: message, SyncSettings.lastErrorAt: String(clock.now().timeIntervalSince1970),
        ])
    }

    /// Runs `request` until it succeeds, retrying network and 5xx failures with doubling,
    /// capped delays, at most ``SyncConfiguration/maxAttempts`` times.
    func withRetries<T>(doing: String, _ request: () async throws(SyncFailure) -> T) async throws -> T {
        let attempts = configuration?.maxAttempts ?? 1
        var delay = configuration?.retryDelay ?? 0
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
            logger.debug("retrying", metadata: ["doing": "\(doing)", "delay": "\(delay)", "error": "\(failure)"])
            try await sleep(delay)
            delay = nextDelay(after: delay)
            attempt += 1
        }
    }

    /// The delay after `delay`: doubled, capped at ``SyncConfiguration/maxRetryDelay``.
    func nextDelay(after delay: Double) -> Double {
        min(max(delay * 2, 0.001), configuration?.maxRetryDelay ?? 0)
    }
}
