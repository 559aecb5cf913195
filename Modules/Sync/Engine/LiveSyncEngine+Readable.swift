import StrataCrossCutting

/// Errors as the engine's logs, status and registrations show them: a sentence, never a Swift
/// dump (`RetriesExhausted(failure: StrataSync.SyncFailure.network(…), …)`), and never a password.
extension LiveSyncEngine {
    /// One readable line for `error`, met while `doing` something (for a bare ``SyncFailure``):
    /// a failure that ran out of retries or a failed request says what was done, with which
    /// server and why, as ``SyncFailure/dataError(doing:server:attempts:)`` does; a Strata
    /// error its message; anything else its description. A URL's password is masked.
    func readable(_ error: any Error, doing: String = "sync in the background") -> String {
        let server = configuration?.shownServer ?? ""
        let text: String
        switch error {
        case let exhausted as RetriesExhausted:
            text = exhausted.failure.syncError(doing: exhausted.doing, server: server, attempts: exhausted.attempts).message
        case let failure as SyncFailure:
            text = failure.syncError(doing: doing, server: server).message
        case let strata as any StrataError:
            text = strata.message
        default:
            text = String(describing: error)
        }
        return CredentialMask.masked(FailureLine.singleLine(text))
    }
}

/// A failure that ran out of retries, as a sentence wherever it is printed or logged without
/// the engine's ``LiveSyncEngine/readable(_:doing:)`` (which also names the server): never a
/// Swift dump.
extension RetriesExhausted: CustomStringConvertible {
    var description: String {
        let message = failure.syncError(doing: doing, server: "", attempts: attempts).message
        return CredentialMask.masked(message.replacing("sync server  ", with: "sync server "))
    }
}
