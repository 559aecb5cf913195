import ArgumentParser
import StrataCrossCutting
import StrataDomain

extension ReportsCommand {
    /// `reports show ID`: one report.
    struct Show: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "show",
            abstract: "Show one case report.",
            discussion: """
                Examples:
                  strata-host reports show <id>
                  strata-host reports show <id> --json
                """
        )

        @Argument(help: "The report's id, as printed by 'reports add' or 'reports list'.")
        var id: String

        @Flag(help: "Print the report as a JSON object.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            try ArgumentChecks.identifier(id, name: localized("the report id", ja: "症例報告の ID"), expected: ArgumentChecks.reportID)
        }

        func request(_ context: HostContext) throws -> HostRequest {
            .open(HostURL.make("reports", [id], json: json))
        }
    }
}
