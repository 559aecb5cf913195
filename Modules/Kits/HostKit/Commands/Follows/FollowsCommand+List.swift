import ArgumentParser
import StrataCrossCutting
import StrataDomain

extension FollowsCommand {
    /// `follows list`: follow-ups by date, all or one report's.
    struct List: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List follow-ups by date: all of them, or one report's.",
            discussion: """
                Examples:
                  strata-host follows list
                  strata-host follows list --report <id> --json
                """
        )

        @Option(help: ArgumentHelp("Only the follow-ups of this case report.", valueName: "id"))
        var report: String?

        @Flag(help: "Print a JSON array of follow-ups.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            if let report {
                try ArgumentChecks.identifier(report, name: "--report", expected: ArgumentChecks.reportID)
            }
        }

        func request(_ context: HostContext) throws -> HostRequest {
            .open(HostURL.make("follows", query: [("report", report)], json: json))
        }
    }
}
