import ArgumentParser
import StrataCrossCutting
import StrataDomain

extension FollowsCommand {
    /// `follows add`: schedules a follow-up for a report and prints its id.
    struct Add: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Schedule a follow-up for a case report; prints its id (or the follow-up with --json).",
            discussion: """
                Examples:
                  strata-host follows add --report <id> --date 2026-12-01
                  strata-host follows add --report <id> --date 2026-12-01 \\
                      --max-bp 140 --min-bp 90 --medication ace --medication diuretic \\
                      --memo "check potassium"
                """
        )

        @Option(help: ArgumentHelp("The id of the case report the follow-up belongs to.", valueName: "id"))
        var report: String

        @Option(parsing: .unconditional, help: ArgumentHelp("The day of the follow-up.", valueName: "YYYY-MM-DD"))
        var date: String

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Systolic blood pressure measured, in mmHg (0 to 300).", valueName: "mmHg"))
        var maxBp: Double?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("Diastolic blood pressure measured, in mmHg (0 to 300, not above --max-bp).", valueName: "mmHg"))
        var minBp: Double?

        @Option(help: ArgumentHelp("A medication taken; repeat for several.", valueName: "name"))
        var medication: [MedicationArgument] = []

        @Option(parsing: .unconditional, help: "Free text about the visit.")
        var memo: String = ""

        @Flag(help: "Print the saved follow-up as JSON instead of its id.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            try ArgumentChecks.identifier(report, name: "--report", expected: ArgumentChecks.reportID)
            try ArgumentChecks.notNegative(maxBp, option: "--max-bp", expected: "0 to 300 (mmHg)")
            try ArgumentChecks.notNegative(minBp, option: "--min-bp", expected: "0 to 300 (mmHg)")
        }

        func request(_ context: HostContext) throws -> HostRequest {
            let day = context.dayText(try context.day(date, what: "--date"))
            return .open(
                HostURL.make(
                    "follows", ["new"],
                    query: [
                        ("report", report), ("date", day), ("maxBp", maxBp.map { String($0) }),
                        ("minBp", minBp.map { String($0) }),
                        ("medication", medication.isEmpty ? nil : medication.map(\.medication.rawValue).joined(separator: ",")),
                        ("memo", memo.isEmpty ? nil : memo),
                    ], json: json))
        }
    }
}
