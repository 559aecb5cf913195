import ArgumentParser
import StrataCrossCutting
import StrataDomain

extension ReportsCommand {
    /// `reports add`: saves a new case report and prints its id.
    struct Add: ParsableCommand, HostSubcommand {
        static var configuration: CommandConfiguration {
            CommandConfiguration(
                commandName: "add",
                abstract: "Add a case report; prints its id (or the report with --json).",
                discussion: ReportFieldOptions.discussion(
                    """
                    Examples:
                      strata-host reports add --patient-name "Hanako Sato" --age 42
                      strata-host reports add --patient-name "Taro Yamada" --age 67 \\
                          --gender male --follow --memo "hypertension"
                    """, negatable: false)
            )
        }

        @Option(parsing: .unconditional, help: ArgumentHelp("The patient's name (required, not empty).", valueName: "name"))
        var patientName: String

        @Option(parsing: .unconditional, help: ArgumentHelp("The patient's age in years, 0 to 150.", valueName: "years"))
        var age: Int

        @Option(help: "The patient's gender.")
        var gender: GenderArgument?

        @Flag(help: "Mark the case as needing follow-ups.")
        var follow = false

        @Option(parsing: .unconditional, help: "Free text about the case.")
        var memo: String = ""

        @Flag(help: "Print the saved report as JSON instead of its id.")
        var json = false

        /// Every other declared field's option (`--<field> VALUE`; see ``ReportFieldOptions``).
        @Argument(parsing: .allUnrecognized, help: .hidden)
        var fieldOptions: [String] = []

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            try ArgumentChecks.notNegative(age, option: "--age", expected: "0 to 150 (years)")
            _ = try ReportFieldOptions.query(fieldOptions, negatable: false)
        }

        func request(_ context: HostContext) throws -> HostRequest {
            .open(
                HostURL.make(
                    "reports", ["new"],
                    query: [
                        ("patientName", patientName), ("age", String(age)), ("gender", gender?.gender.name),
                        ("follow", follow ? "true" : nil), ("memo", memo.isEmpty ? nil : memo),
                    ] + (try ReportFieldOptions.query(fieldOptions, negatable: false)), json: json))
        }
    }
}
