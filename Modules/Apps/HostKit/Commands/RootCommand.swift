import ArgumentParser
import StrataCrossCutting
import StrataDomain

/// `strata-host`: the containing app's command line.
///
/// With no subcommand it prints an overview; issue 3 replaces that with the Launcher.
struct RootCommand: ParsableCommand, HostSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "strata-host",
        abstract: "Case reports and their follow-ups, kept in the shared Strata store.",
        discussion: """
            The store lives in the container directory: $STRATA_HOME, else $XDG_DATA_HOME/strata, \
            else ~/.local/share/strata. Set STRATA_LOG_LEVEL (trace, debug, info, notice, warning, \
            error, critical) or pass --verbose to see logs on standard error.

            With no command, prints an overview: where the store is, the counts, the commands.

            Examples:
              strata-host reports add --patient-name "Hanako Sato" --age 42 --follow
              strata-host reports list --search sato
              strata-host follows add --report <id> --date 2026-12-01 --medication ace
              strata-host follows due --days 7 --json
            """,
        version: StrataConstants.version,
        subcommands: [ReportsCommand.self, FollowsCommand.self]
    )

    @OptionGroup var global: GlobalOptions

    func run(_ context: HostContext) throws {
        let summary = try context.domain.status.summary()
        context.output.out(
            """
            Strata \(StrataConstants.version): case reports and follow-ups
            Container: \(context.location)

            \(ReportText.labelled([
                ("reports", String(summary.reports)),
                ("due today", String(summary.dueToday)),
                ("overdue", String(summary.overdue)),
                ("unread notifications", String(summary.unreadNotifications)),
            ]))

            Commands:
              reports add|list|show|update|delete   case reports
              follows add|list|due|done             follow-up visits
            Run 'strata-host <command> --help' for options and examples.
            """)
    }
}
