public import ArgumentParser
import StrataCrossCutting

/// `strata-server`: the sync server and its admin commands.
///
/// The host makes it `@main` (a `StrataExecutable`); ``StrataServerCLI/main(arguments:output:makeServices:)``
/// parses and runs it.
public struct ServerCommand: AsyncParsableCommand {
    /// The name, help text, version and subcommands `--help` prints.
    public static let configuration = CommandConfiguration(
        commandName: "strata-server",
        abstract: "The Strata sync server: serve the JSON API, or administer groups, users and apps.",
        discussion: """
            Every command takes --data-dir (or --database), --log-level and --verbose (more detail on \
            standard error: debug logs, what the command opens and does, how long it took). Every admin \
            command takes --json: one JSON document with stable keys; without it a listing prints, at a \
            terminal, a header row and aligned columns, and piped, one tab-separated line per row.

            Examples:
              strata-server admin group create nurses --data-dir /var/lib/strata
              strata-server admin user create alice --password-stdin --group nurses:member --data-dir /var/lib/strata
              strata-server admin group set-role nurses alice lead --data-dir /var/lib/strata
              strata-server admin app create org.example.cases --version 1 --data-dir /var/lib/strata
              strata-server serve --port 8080 --data-dir /var/lib/strata --log-level info
              strata-server serve --database postgres://strata@db.internal/strata   (or STRATA_DATABASE_URL)
              strata-server migrate --database postgres://strata@db.internal/strata
              strata-server admin user list --json --data-dir /var/lib/strata
              strata-server admin session list --verbose --data-dir /var/lib/strata
            """,
        version: StrataConstants.version,
        subcommands: [ServeCommand.self, MigrateCommand.self, AdminCommand.self]
    )

    /// The root command with no subcommand (which only prints its help).
    public init() {}
}

/// `strata-server admin`: groups, users, sessions, devices, apps, templates, push.
struct AdminCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "admin",
        abstract:
            "Administer groups, members and roles, users, administrators, sessions, devices, apps, push templates; send push messages; read usage logs and stats.",
        subcommands: [
            GroupCommand.self, UserCommand.self, SessionCommand.self, DeviceCommand.self, AppCommand.self, TemplateCommand.self,
            PushCommand.self, AdministratorCommand.self, LogsCommand.self, StatsCommand.self, BackupCommand.self,
            RestoreCommand.self,
        ])
}
