import ArgumentParser
import StrataCrossCutting
import StrataSession
import StrataSync

extension AccountCommand {
    /// `account logout`: signs out; works offline unless `--server-sync` asks to send first.
    struct Logout: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "logout",
            abstract: "Sign out (works offline; --server-sync sends pending changes and tells the server first).",
            discussion: """
                Without --server-sync the session is removed even when the server cannot be \
                reached; changes not yet sent stay in the journal and go with this user's next \
                login. With --server-sync they are sent and the server is told first; if that \
                fails the error is printed and the session is kept.

                Examples:
                  strata-host account logout
                  strata-host account logout --server-sync
                """
        )

        @Flag(help: "Send pending changes and tell the server first; fail (and stay signed in) if it cannot be reached.")
        var serverSync = false

        @OptionGroup var global: GlobalOptions

        func request(_ context: HostContext) throws -> HostRequest {
            let serverSync = serverSync
            guard let sync = context.sync else {
                if serverSync { _ = try context.requireSync() }
                let session = context.session
                return .task {
                    try await session?.clear()
                    return localized("Signed out.", ja: "サインアウトしました。")
                }
            }
            return .task {
                try await sync.logout(serverSync: serverSync)
                return localized("Signed out.", ja: "サインアウトしました。")
            }
        }
    }
}
