import StrataCrossCutting

/// Why one request to the sync server failed, before it becomes a ``SyncError``.
enum SyncFailure: Error, Sendable, Hashable {
    /// The server was not reached (refused, timed out, reset).
    case network(String)
    /// The server failed (5xx).
    case server(status: Int, reason: String)
    /// The server refused the token (401).
    case unauthorized(String)
    /// The server refused the request (another 4xx), with its reason.
    case refused(status: Int, reason: String)
    /// The answer could not be read.
    case malformed(String)

    /// Whether trying again later may help (network failures and 5xx).
    var isRetryable: Bool {
        switch self {
        case .network, .server: true
        case .unauthorized, .refused, .malformed: false
        }
    }

    /// Whether the server answered at all (so it is online).
    var serverAnswered: Bool {
        if case .network = self { return false }
        if case .server = self { return false }
        return true
    }

    /// The failure as the sync engine reports it, for `doing` (e.g. `send 3 changes`) at `server`.
    func syncError(doing: String, server: String, attempts: Int = 1) -> SyncError {
        let tries = attempts > 1 ? localized(" (tried \(attempts) times)", ja: "（\(attempts) 回試行）") : ""
        switch self {
        case .network(let reason):
            return SyncError(
                .unreachable,
                localized(
                    "cannot reach the sync server \(server) to \(doing): \(reason)\(tries)",
                    ja: "同期サーバー \(server) に接続できません（\(doing)）: \(reason)\(tries)"))
        case .server(let status, let reason):
            return SyncError(.unreachable, "the sync server \(server) failed to \(doing): HTTP \(status): \(reason)\(tries)")
        case .unauthorized(let reason):
            return SyncError(
                .notSignedIn,
                localized(
                    "the sync server \(server) refused the session token to \(doing) (HTTP 401: \(reason)); log in again",
                    ja: "同期サーバー \(server) がセッションを拒否しました（\(doing)、HTTP 401: \(reason)）。もう一度ログインしてください"))
        case .refused(let status, let reason):
            return SyncError(.serverError, "the sync server \(server) refused to \(doing): HTTP \(status): \(reason)")
        case .malformed(let reason):
            return SyncError(.serverError, "the sync server \(server) answered something unreadable to \(doing): \(reason)")
        }
    }
}
