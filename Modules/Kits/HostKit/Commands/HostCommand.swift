public import ArgumentParser
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// `strata-host`: the containing app's command line.
///
/// With no subcommand: in a terminal it boots the container and shows the Launcher; otherwise
/// it prints an overview. `--boot-report` prints the BootLoader's report as JSON. The host
/// makes it `@main` (a `StrataExecutable`); ``StrataHostCLI/run(arguments:environment:output:terminal:makeDomain:makeStore:)``
/// parses and runs it.
public struct HostCommand: AsyncParsableCommand, HostSubcommand {
    /// The name, help text, version and subcommands `--help` prints.
    public static let configuration = CommandConfiguration(
        commandName: "strata-host",
        abstract: "Case reports and their follow-ups, kept in the shared Strata store.",
        discussion: """
            The store lives in the container directory: $STRATA_HOME, else $XDG_DATA_HOME/strata, \
            else ~/.local/share/strata. Set STRATA_LOG_LEVEL (trace, debug, info, notice, warning, \
            error, critical) or pass --verbose to see logs on standard error. STRATA_KEY_PLACE \
            (auto, the default; file; secret-service) chooses where a new store's data key is \
            kept: the Secret Service when it takes it, else the owner-only key file; file never \
            asks the Secret Service; secret-service never makes a key file (see 'strata-host store \
            key --help'). STRATA_SERVER_URL and STRATA_APP_KEY point it at a sync server.

            With no command in a terminal, boots the container and shows the Launcher: the home \
            screen listing the other micro-apps (\(HostRegistry.launcherListing.joined(separator: ", "))). Arrows \
            or j/k select a row, Enter opens it, Esc goes back, / searches, ? lists the keys of \
            the screen, q quits; typed commands still work, with history (Up/Down). Ctrl-Z, fg, \
            kill -USR1 and kill -TERM are lifecycle events. With no command and no terminal (a pipe), prints an overview: where the store \
            is, the counts, the commands.

            Examples:
              strata-host
              strata-host open 'strata://reports/new?patientName=Hanako%20Sato&age=42'
              strata-host --boot-report
              strata-host reports add --patient-name "Hanako Sato" --age 42 --follow
              strata-host reports list --search sato
              strata-host follows add --report <id> --date "$(date -I -d '+7 days')" --medication ace
              strata-host follows due --days 7 --json
            """,
        version: StrataConstants.version,
        subcommands: [
            ReportsCommand.self, FollowsCommand.self, AnnouncementsCommand.self, OpenCommand.self, AccountCommand.self,
            SyncCommand.self, StoreCommand.self,
        ]
    )

    @OptionGroup var global: GlobalOptions

    @Flag(help: "Boot as an interactive run would and print each BootLoader stage and each service's start time as JSON.")
    var bootReport = false

    /// The root command with every option at its default.
    public init() {}

    func request(_ context: HostContext) throws -> HostRequest {
        if bootReport { return .bootReport }
        return context.interactive ? .interactive : .overview
    }

    /// The overview printed with no command and no terminal.
    static func overview(_ context: HostContext) async throws -> String {
        let summary = try await context.domain.status.summary()
        let counts = TextTable.labelled([
            (localized("reports", ja: "症例報告"), String(summary.reports)),
            (localized("due today", ja: "本日期限"), String(summary.dueToday)),
            (localized("overdue", ja: "期限切れ"), String(summary.overdue)),
            (localized("unread notifications", ja: "未読の通知"), String(summary.unreadNotifications)),
        ])
        return localized(
            """
            Strata \(StrataConstants.version): case reports and follow-ups
            Container: \(context.location)

            \(counts)

            Commands:
              reports add|list|show|update|delete   case reports
              follows add|list|due|done             follow-up visits
              announcements [show|post]             ward announcements on the server
              open <strata:// URL>                  any micro-app route
              account login|logout|status           the sync server (STRATA_SERVER_URL)
              sync [rejected|conflicts]             sync now; refused changes and conflicts, to retry or settle
              store check|backup|recover            the store file: check it, copy it, recover it
            Run 'strata-host' in a terminal for the Launcher, 'strata-host <command> --help' for options and examples.
            """,
            ja: """
                Strata \(StrataConstants.version): 症例報告とフォローアップ
                コンテナ: \(context.location)

                \(counts)

                コマンド:
                  reports add|list|show|update|delete   症例報告
                  follows add|list|due|done             フォローアップ
                  announcements [show|post]             サーバー上の病棟のお知らせ
                  open <strata:// URL>                  マイクロアプリの各ルート
                  account login|logout|status           同期サーバー（STRATA_SERVER_URL）
                  sync [rejected|conflicts]             今すぐ同期・却下された変更と競合の再送・解決
                  store check|backup|recover            ストアファイルの検査・コピー・復旧
                端末で 'strata-host' を実行するとランチャーが開きます。オプションと例は 'strata-host <command> --help'（英語）。
                """)
    }
}
