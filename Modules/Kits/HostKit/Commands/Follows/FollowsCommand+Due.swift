import ArgumentParser
import Foundation
import StrataCrossCutting
import StrataDomain

extension FollowsCommand {
    /// `follows due`: follow-ups not yet done in a period of days (default: today).
    struct Due: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "due",
            abstract: "List follow-ups not yet done in a period of days (default: today).",
            discussion: """
                --from and --to are both included. --days N means today and the N-1 days after.

                Examples:
                  strata-host follows due
                  strata-host follows due --days 7
                  strata-host follows due --from 2026-12-01 --to 2026-12-31 --json
                """
        )

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("The first day of the period (needs --to).", valueName: "YYYY-MM-DD"))
        var from: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("The last day of the period, included (needs --from).", valueName: "YYYY-MM-DD"))
        var to: String?

        @Option(
            parsing: .unconditional,
            help: ArgumentHelp("The number of days from today on, 1 to 3660.", valueName: "n"))
        var days: Int?

        @Flag(help: "Print a JSON array of due follow-ups, each with its report.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func validate() throws {
            try ArgumentChecks.notNegative(days, option: "--days", expected: "1 to 3660")
            if (from == nil) != (to == nil) {
                throw ValidationError("--from and --to go together: give both, or use --days")
            }
            if let days {
                guard from == nil else { throw ValidationError(
                        localized("give either --days or --from/--to, not both", ja: "--days と --from/--to はどちらか一方だけを指定してください")) }
                guard (1...3660).contains(days) else {
                    throw ValidationError("--days must be between 1 and 3660 (got \(days))")
                }
            }
        }

        /// The period asked for: `[first day, day after the last day)`.
        func interval(_ context: HostContext) throws -> DateInterval {
            let calendar = context.calendar
            let start: Date
            let lastDay: Date
            if let from, let to {
                start = calendar.startOfDay(for: try context.day(from, what: "--from"))
                lastDay = calendar.startOfDay(for: try context.day(to, what: "--to"))
                guard lastDay >= start else {
                    throw CrossCuttingError(.badDate, "--to \(to) is before --from \(from); expected a period forwards in time")
                }
            } else {
                start = context.startOfToday
                lastDay = calendar.date(byAdding: .day, value: (days ?? 1) - 1, to: start) ?? start
            }
            let end = calendar.date(byAdding: .day, value: 1, to: lastDay) ?? lastDay
            return DateInterval(start: start, end: end)
        }

        func request(_ context: HostContext) throws -> HostRequest {
            let period = try interval(context)
            let last = context.calendar.date(byAdding: .day, value: -1, to: period.end) ?? period.start
            return .open(
                HostURL.make(
                    "follows", ["due"], query: [("from", context.dayText(period.start)), ("to", context.dayText(last))],
                    json: json))
        }
    }
}
