import ArgumentParser
import StrataCrossCutting
import StrataDomain

extension ReportsCommand {
    /// `reports update ID`: changes the given fields of a report and prints it.
    struct Update: ParsableCommand, HostSubcommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "update",
                abstract: "Change fields of a case report; prints the report as saved.",
                discussion: ReportFieldOptions.discussion(
                    """
                    Only the options given change; at least one is needed.

                    Examples:
                      strata-host reports update <id> --age 43
                      strata-host reports update <id> --no-follow --memo "stable, no further visits"
                    """, negatable: true)
            )
        }

        @Argument(help: "The report's id.")
        var id: String

        @Option(parsing: .unconditional, help: ArgumentHelp("A new patient name (not empty).", valueName: "name"))
        var patientName: String?

        @Option(parsing: .unconditional, help: ArgumentHelp("A new age in years, 0 to 150.", valueName: "years"))
        var age: Int?

        @Option(help: "A new gender.")
        var gender: GenderArgument?

        @Flag(inversion: .prefixedNo, help: "Whether the case needs follow-ups.")
        var follow: Bool?

        @Option(parsing: .unconditional, help: "New free text (replaces the memo).")
        var memo: String?

        @Flag(help: "Print the saved report as a JSON object.")
        var json = false

        /// Every other declared field's option (`--<field> VALUE`; see ``ReportFieldOptions``).
        @Argument(parsing: .allUnrecognized, help: .hidden)
        var fieldOptions: [String] = []

        @OptionGroup var global: GlobalOptions

        /// The change the options describe.
        var change: CaseReportChange {
            CaseReportChange(patientName: patientName, age: age, gender: gender?.gender, isFollow: follow, memo: memo)
        }

        func validate() throws {
            try ArgumentChecks.identifier(id, name: localized("the report id", ja: "症例報告の ID"), expected: ArgumentChecks.reportID)
            try ArgumentChecks.notNegative(age, option: "--age", expected: "0 to 150 (years)")
            let more = try ReportFieldOptions.query(fieldOptions, negatable: true)
            if change.isEmpty && more.isEmpty {
                let options = ReportFieldOptions.updateOptions
                throw ValidationError(
                    localized(
                        "nothing to update: give at least one of \(options)",
                        ja: "更新する内容がありません: \(options) のいずれかを指定してください"))
            }
        }

        func request(_ context: HostContext) throws -> HostRequest {
            .open(
                HostURL.make(
                    "reports", [id, "edit"],
                    query: [
                        ("patientName", patientName), ("age", age.map(String.init)), ("gender", gender?.gender.name),
                        ("follow", follow.map { $0 ? "true" : "false" }), ("memo", memo),
                    ] + (try ReportFieldOptions.query(fieldOptions, negatable: true)), json: json))
        }
    }
}
