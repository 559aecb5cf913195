import ArgumentParser
import StrataSession
import StrataSync

extension AccountCommand {
    /// `account status`: who is signed in and what the sync engine last saw (no network call).
    struct Status: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show who is signed in and the sync status (no network call).",
            discussion: """
                Examples:
                  strata-host account status
                  strata-host account status --json
                """
        )

        @Flag(help: "Print one JSON object.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func request(_ context: HostContext) throws -> HostRequest {
            let session = context.session
            let sync = context.sync
            let json = json
            return .task {
                let info = try await session?.current()
                let status = try await sync?.status()
                return json ? SyncText.accountJSON(info, status) : SyncText.account(info, status)
            }
        }
    }
}
