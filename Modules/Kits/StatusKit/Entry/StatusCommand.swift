public import ArgumentParser
import StrataCrossCutting

/// `strata-status`: one fast, read-only look at the shared store.
///
/// The host makes it `@main` (a `StrataExecutable`); ``StrataStatusCLI/main(arguments:environment:output:makeStatus:)``
/// parses and runs it.
public struct StatusCommand: AsyncParsableCommand {
    /// The name, help text and version `--help` and `--version` print.
    public static let configuration = CommandConfiguration(
        commandName: "strata-status",
        abstract: "Print a one-look summary of the shared Strata store, for people or status bars.",
        discussion: """
            Read-only: never creates the container directory, the store, or a table. With no store \
            yet it prints an empty status and exits 0; a container that is not a directory, a \
            missing data key or a damaged store is one line on standard error and exit 1. The \
            summary counts case reports, \
            follow-ups due today, overdue follow-ups and unread notifications.

            Formats:
              text       labelled lines for people (the default)
              json       {"dueToday","overdue","reports","store","sync","unreadNotifications"}
                         (sync: {"connectivity","pending","rejected","lastSyncAt","server","lastError"})
              waybar     one JSON line {"class","text","tooltip"} (class: ok, due, rejected, overdue;
                         rejected: the server refused changes, see 'strata-host sync rejected')
              i3blocks   three lines: full text, short text, colour (#RRGGBB)

            Environment: STRATA_HOME (the container directory, as for strata-host), \
            STRATA_LOG_LEVEL (trace, debug, info, notice, warning, error, critical), \
            STRATA_SERVER_URL (shown in the sync status, never contacted). STRATA_KEY_PLACE is \
            not read: strata-status never decrypts, so it never asks the Secret Service.

            Examples:
              strata-status
              strata-status --format json
              strata-status --format waybar     # waybar: "return-type": "json"
              strata-status --format i3blocks   # i3blocks: interval=60
            """,
        version: StrataConstants.version
    )

    @Option(name: .long, help: "How to print the summary.")
    var format = StatusFormatArgument(.text)

    @Flag(name: .long, help: "Show debug logs on standard error, and the error code when something fails.")
    var verbose = false

    /// A command with every option at its default.
    public init() {}
}
