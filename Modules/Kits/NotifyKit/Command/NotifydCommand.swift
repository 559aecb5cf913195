public import ArgumentParser
import StrataCrossCutting

/// The command line of `strata-notifyd`: `--once`, `--poll-interval`, `--enrich-deadline`,
/// `--desktop`, `--verbose`, `--version`.
///
/// The host makes it `@main` (a `StrataExecutable`); ``StrataNotifydCLI/main(arguments:environment:output:makeDaemon:)``
/// parses it and runs the daemon its composition root builds (``launch(_:)`` only parses and
/// says what to print when there is nothing to run).
public struct NotifydCommand: AsyncParsableCommand {
    /// The program name used in messages (`strata-notifyd: …`) and as the logger's label.
    public static let programName = "strata-notifyd"
    /// The seconds between looks at `new/` by default: a fallback, since inotify reports each
    /// file written or moved into `new/` at once.
    public static let defaultPollInterval = 30.0
    /// The shortest poll interval accepted, in seconds.
    public static let minimumPollInterval = 0.01
    /// The longest poll interval accepted, in seconds.
    public static let maximumPollInterval = 3600.0
    /// The shortest enrichment deadline accepted, in seconds.
    public static let minimumEnrichDeadline = 0.01
    /// The longest enrichment deadline accepted, in seconds.
    public static let maximumEnrichDeadline = 300.0

    /// The name, help text (with the inbox protocol) and version `--help` and `--version` print.
    public static let configuration = CommandConfiguration(
        commandName: programName,
        abstract: "Record incoming notifications from the inbox into the shared Strata store, once per id.",
        discussion: """
            The inbox is a maildir-style folder in the shared container, \
            $STRATA_HOME/inbox (else $XDG_DATA_HOME/strata/inbox, else \
            ~/.local/share/strata/inbox), created owner-only when strata-notifyd starts:
              tmp/  a sender writes each notification file here first,
              new/  then renames it here (atomic); only new/ is read, oldest name
                    first, and names starting with a dot are skipped;
              cur/  processed files (recorded or duplicate), same name;
              bad/  malformed or unreadable files, each with <name>.reason saying
                    why and when (odd or over-long names get a safe new name).

            Each file is one JSON document of at most 64 KiB with a string "id" and a \
            "kind" ("follow-up-due" or "message"); "title", "body", "reportId", \
            "followUpId" and "sentAt" are optional (see Docs/Notifications.md). A \
            follow-up-due notification naming a report is enriched with the patient and \
            the due date, within --enrich-deadline seconds (5 by default): past it the \
            original content is recorded and delivered unchanged, and the log says so. Each id is recorded exactly once: a re-delivered id is reported \
            as a duplicate and changes nothing. One line per notification goes to \
            standard output; logs go to standard error.

            Example (the first run creates the inbox):
              strata-notifyd --once
              inbox="${STRATA_HOME:-${XDG_DATA_HOME:-$HOME/.local/share}/strata}/inbox"
              echo '{"id":"n-1","kind":"message","title":"Hi"}' > "$inbox/tmp/n-1.json"
              mv "$inbox/tmp/n-1.json" "$inbox/new/n-1.json"
              strata-notifyd --once

            Desktop notifications (--desktop auto, the default): each notification \
            recorded is also shown by the desktop's notification server \
            (org.freedesktop.Notifications on the session bus: DBUS_SESSION_BUS_ADDRESS, \
            else $XDG_RUNTIME_DIR/bus), app name "Strata", critical when a follow-up is \
            overdue, with an Open action: Open runs xdg-open on the notification's \
            strata:// URL (strata-host marks it read and shows its report); dismissing \
            it marks it read. Without a session bus or a notification server it says \
            once on standard error why, and prints lines only. --desktop dbus makes a \
            missing server a start-up failure; --desktop off never looks at the bus.

            With STRATA_SERVER_URL and STRATA_APP_KEY set, it also listens to this \
            device's push channel on the sync server (after strata-host account login); \
            each pushed message is recorded once per id and printed like an inbox file.

            Exit status: 0 when done (or stopped by SIGTERM or SIGINT); 75 when --once \
            left files in new/ because the store failed or they could not be moved, or \
            could not read the push channel (the next run retries them); 64 \
            for a bad argument; 1 when start-up fails (bad STRATA_HOME, \
            STRATA_LOG_LEVEL or STRATA_KEY_PLACE, unusable store, data key or inbox).

            Environment: STRATA_HOME (the container directory), STRATA_LOG_LEVEL \
            (trace, debug, info, notice, warning, error, critical), STRATA_KEY_PLACE \
            (auto, file or secret-service: where a new store's data key is kept, as for \
            strata-host), STRATA_SERVER_URL and STRATA_APP_KEY (the push channel), \
            DBUS_SESSION_BUS_ADDRESS (the desktop and the Secret Service), PATH (where \
            xdg-open is found).
            """,
        version: StrataConstants.version
    )

    /// Drain the inbox once and exit instead of running until SIGTERM or SIGINT.
    @Flag(help: "Drain new/ once and exit (without it: run until SIGTERM or SIGINT).")
    public var once = false

    /// Seconds between looks at `new/` while running as a daemon, besides the look at each
    /// file inotify reports.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds between looks at new/ while running as a daemon, besides draining each file written or moved "
                + "into it at once (0.01…3600; 30 by default).", valueName: "seconds"))
    public var pollInterval: Double = NotifydCommand.defaultPollInterval

    /// Seconds one notification's enrichment may take.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds a notification's enrichment may take; past it the original content is recorded (0.01…300).",
            valueName: "seconds"))
    public var enrichDeadline: Double = 5

    /// Whether notifications are shown on the desktop too.
    @Option(
        help: ArgumentHelp(
            "Show notifications on the desktop too: auto (when a session bus has a notification server), dbus (required), off.",
            valueName: "mode"))
    public var desktop: DesktopMode = .auto

    /// Log at debug level (overrides STRATA_LOG_LEVEL).
    @Flag(help: "Log each file at debug level on standard error (overrides STRATA_LOG_LEVEL).")
    public var verbose = false

    /// A command with every option at its default.
    public init() {}

    /// Checks `--poll-interval` and `--enrich-deadline` are finite numbers of seconds in range.
    ///
    /// - Throws: `ValidationError` naming the option, the value and the accepted range.
    public func validate() throws {
        guard enrichDeadline.isFinite, (Self.minimumEnrichDeadline...Self.maximumEnrichDeadline).contains(enrichDeadline)
        else {
            throw ValidationError(
                "--enrich-deadline \(enrichDeadline) is out of range; expected seconds between "
                    + "\(Self.minimumEnrichDeadline) and \(Int(Self.maximumEnrichDeadline))")
        }
        if pollInterval < 0 {
            throw ValidationError(
                "--poll-interval \(pollInterval): a negative value is not allowed; expected seconds between "
                    + "\(Self.minimumPollInterval) and \(Int(Self.maximumPollInterval))")
        }
        guard pollInterval.isFinite, (Self.minimumPollInterval...Self.maximumPollInterval).contains(pollInterval) else {
            throw ValidationError(
                "--poll-interval \(pollInterval) is out of range; expected seconds between "
                    + "\(Self.minimumPollInterval) and \(Int(Self.maximumPollInterval))")
        }
    }
}

/// `--desktop auto|dbus|off`: read from the mode's raw value.
extension DesktopMode: ExpressibleByArgument {}
