import Foundation
import StrataCrossCutting

extension SyncConfiguration {
    /// The server's URL as messages, logs and the store show it: a password in it (possible
    /// only in a configuration made in code; `STRATA_SERVER_URL` refuses one) masked.
    var shownServer: String { CredentialMask.masked(serverURL.absoluteString) }
}
