import ArgumentParser
import StrataCrossCutting
import StrataDomain

extension ReportsCommand {
    /// `reports delete ID`: deletes a report and its follow-ups.
    struct Delete: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: "Delete a case report and its follow-ups.",
            discussion: """
                Example:
                  strata-host reports delete <id>
                """
        )

        @Argument(help: "The report's id.")
        var id: String

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            try ArgumentChecks.identifier(id, name: localized("the report id", ja: "症例報告の ID"), expected: ArgumentChecks.reportID)
        }

        func request(_ context: HostContext) throws -> HostRequest {
            .open(HostURL.make("reports", [id, "delete"]))
        }
    }
}
