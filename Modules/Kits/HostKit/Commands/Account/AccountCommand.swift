import ArgumentParser
import StrataCrossCutting
import StrataSync

/// `strata-host account`: sign in to the server, sign out, and show who is signed in.
struct AccountCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "account",
        abstract: "Sign in to the sync server, sign out, and show the session and sync status.",
        discussion: """
            The server is the one STRATA_SERVER_URL names (with STRATA_APP_KEY, and optionally \
            STRATA_APP_ID and STRATA_APP_VERSION); without it strata-host works offline and \
            'account login' fails. Logging out works offline unless --server-sync is given.

            Examples:
              echo "$PASSWORD" | strata-host account login --account sigrid --password-stdin
              strata-host account status --json
              strata-host account logout
              strata-host account logout --server-sync
            """,
        subcommands: [Login.self, Logout.self, Status.self]
    )
}

extension HostContext {
    /// The sync engine, or `offline` when the runtime has none.
    func requireSync() throws -> any SyncEngine {
        guard let sync else {
            throw SyncError(
                .offline,
                localized(
                    "no server configured: set STRATA_SERVER_URL (and STRATA_APP_KEY) to sync",
                    ja: "サーバーが設定されていません。同期するには STRATA_SERVER_URL（と STRATA_APP_KEY）を設定してください"))
        }
        return sync
    }
}
