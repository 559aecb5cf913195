import ArgumentParser
import StrataSync

/// `strata-host sync`: sends the pending changes, then pulls everyone else's, once.
struct SyncCommand: ParsableCommand, HostSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Send pending changes to the server, then pull the changes others made (needs a login).",
        discussion: """
            Examples:
              strata-host sync
              strata-host sync --json
            """
    )

    @Flag(help: "Print the report as one JSON object.")
    var json = false

    @OptionGroup var global: GlobalOptions

    func request(_ context: HostContext) throws -> HostRequest {
        let sync = try context.requireSync()
        let json = json
        return .task {
            let report = try await sync.syncNow()
            return json ? SyncText.reportJSON(report) : SyncText.report(report)
        }
    }
}
