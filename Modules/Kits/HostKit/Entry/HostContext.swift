import Foundation
import Logging
import StrataCrossCutting
import StrataDomain
import StrataJournal
import StrataSession
import StrataSync

/// Everything a parsed subcommand needs to turn itself into a request, passed explicitly (no globals).
struct HostContext: Sendable {
    /// The domain's use cases (the overview reads the counts).
    var domain: any DomainServices
    /// Where text goes.
    var output: OutputSink
    /// "Now" and day boundaries.
    var clock: any StrataClock
    /// The logger for this run.
    var logger: Logger
    /// Where the data lives, for the overview.
    var location: String
    /// Whether a person is at a terminal (no command then means the Launcher).
    var interactive: Bool
    /// The sync engine (`nil`: offline).
    var sync: (any SyncEngine)?
    /// The session store (`nil`: nobody can be signed in).
    var session: (any SessionStore)?
    /// Ward announcements on the server (`nil`: offline).
    var announcements: (any AnnouncementService)? = nil
    /// The conflicts sync found (`nil`: none composed, so none listed).
    var conflicts: (any SyncConflictStore)? = nil

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

/// A `strata-host` command parsed by ArgumentParser: it checks its options at the edge and
/// becomes a request (usually a `strata://` URL the micro-apps answer).
protocol HostSubcommand: HostInvocation {
    /// The shared options (`--verbose`, `--config`).
    var global: GlobalOptions { get }
}

extension HostSubcommand {
    var verbose: Bool { global.verbose }
    var configPath: String? { global.config }
}
