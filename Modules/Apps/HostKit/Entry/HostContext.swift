import Foundation
import Logging
import StrataCrossCutting
import StrataDomain

/// Everything a parsed subcommand needs to run, passed explicitly (no globals).
struct HostContext: Sendable {
    /// The domain's use cases.
    var domain: any DomainServices
    /// Where text goes.
    var output: OutputSink
    /// "Now" and day boundaries.
    var clock: any StrataClock
    /// The logger for this run.
    var logger: Logger
    /// Where the data lives, for the overview.
    var location: String

    /// The calendar (and time zone) that decides day boundaries and reads `--date`.
    var calendar: Calendar { clock.calendar }

    /// Today's first instant in the clock's calendar.
    var startOfToday: Date { calendar.startOfDay(for: clock.now()) }

    /// Reads a `YYYY-MM-DD` (or ISO 8601) argument, naming `what` in the error.
    func day(_ text: String, what: String) throws -> Date {
        try DayText.parse(text, calendar: calendar, what: what)
    }

    /// Formats the day of `date` as `YYYY-MM-DD`.
    func dayText(_ date: Date) -> String { DayText.day(date, calendar: calendar) }
}

/// A parsed `strata-host` command that can run with explicitly passed dependencies.
protocol HostSubcommand {
    /// The shared options (`--verbose`).
    var global: GlobalOptions { get }
    /// Runs the command, writing to `context.output`.
    ///
    /// - Throws: `DomainError`, `DataError` or `CrossCuttingError`: the kit prints one line.
    func run(_ context: HostContext) throws
}
