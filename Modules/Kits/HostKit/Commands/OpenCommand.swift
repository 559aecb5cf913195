import ArgumentParser
import Foundation
import StrataCrossCutting
import StrataDomain
import StrataReportsApp

/// `strata-host open URL`: hands a `strata://` URL to the interactive `strata-host` of the same
/// container when one is running (it opens it on its screen), else routes it through the scheme
/// handlers here, without a terminal.
///
/// The URL is read strictly first (``OpenURL``): a bad one is refused (exit 64) whether or not
/// a host runs. `--headless`, `--json` and a URL that asks for a `format` (they want the result
/// on standard output) always run here. With `--stay` (strata-host.desktop's way) in a terminal,
/// no running host means the full-screen app starts here with the URL's screen on top, and
/// stays until the person quits.
struct OpenCommand: ParsableCommand, HostSubcommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "open",
        abstract: "Open a strata:// URL: in the running strata-host if there is one, else here, printing the result.",
        discussion: """
            When an interactive strata-host runs on the same container (same user, same STRATA_HOME), \
            the URL is handed to it: its screen shows the micro-app, and this command prints one line \
            saying so and exits 0 (1 with the host's reason when it refuses the URL). When none answers \
            within 2 s, the URL runs here as a one-shot: the micro-app performs it and prints the result. \
            --headless, --json and a URL with format= always run here. xdg-open strata://… reaches this \
            command through strata-host.desktop. A URL that overwrites or removes what a person wrote \
            (strata://reports/<id>/delete, strata://reports/<id>/edit?… with changes) never acts at once: \
            the running strata-host asks on its screen, and run here it is refused (type strata-host \
            reports delete|update <id> instead).

            --stay (what strata-host.desktop runs, so a notification's Open in a terminal emulator): \
            when no strata-host runs, start the full-screen app in this terminal with the URL's screen \
            on top, until you quit, instead of printing the result and exiting. Without a terminal, \
            and with --headless, --json or format=, it changes nothing.

            Routes: strata://reports (list; ?search=, ?page=, ?pageSize=), strata://reports/new?\(RouteCommands.query(named: "add", of: ReportsApp.self)), strata://reports/<id>, strata://reports/<id>/edit?age=…, \
            strata://reports/<id>/delete, strata://follows (?report=), strata://follows/new?report=…&date=…\
            [&maxBp=…&minBp=…&medication=ace,diuretic&memo=…], strata://follows/due (?days= or ?from=&to=), \
            strata://follows/overdue, strata://follows/<id>/done, strata://notifications (?unread=true), \
            strata://notifications/<id>/read, strata://notifications/<id>/open, strata://about.

            The URL is read strictly: each parameter once, every % followed by two hex digits, \
            format=json or format=text; anything else is refused, naming the parameter.

            Examples:
              strata-host open 'strata://reports/new?patientName=Hanako%20Sato&age=42&gender=female'
              strata-host open strata://follows/due --json
              strata-host open --headless 'strata://reports/new?patientName=Taro&age=7'
              strata-host open strata://reports/<id>
              strata-host open --stay strata://notifications/<id>/open
            """
    ) }

    @Argument(help: ArgumentHelp("The URL to open.", valueName: "url"))
    var url: String

    @Flag(help: "Ask the micro-app for JSON (adds format=json to the URL); runs here, never hands over.")
    var json = false

    @Flag(help: "Run the URL in this process even when an interactive strata-host is running (for scripts).")
    var headless = false

    @Flag(
        help: "In a terminal with no strata-host running: start the full-screen app on the URL's screen and stay until you quit.")
    var stay = false

    @OptionGroup var global: GlobalOptions

    /// Reads the URL strictly (see ``OpenURL``) and checks a micro-app handles its route.
    func validate() throws {
        let parsed = try OpenURL(url)
        guard HostRegistry.routes[parsed.route] != nil else {
            let routes = HostRegistry.routes.keys.sorted().map { "strata://\($0)" }.joined(separator: ", ")
            let shown = TerminalText.escaped(url)
            throw ValidationError(
                localized(
                    "no micro-app handles '\(shown)'; routes: \(routes)",
                    ja: "'\(shown)' を扱うマイクロアプリはありません。ルート: \(routes)"))
        }
        _ = try parsed.url(json: json)
    }

    /// ``HostRequest/handOver(_:)``, or ``HostRequest/openLink(_:)`` when the result is wanted here
    /// (`--headless`, `--json`, a `format` parameter); ``HostRequest/handOverOrStay(_:)`` for
    /// `--stay` in a terminal.
    func request(_ context: HostContext) throws -> HostRequest {
        let parsed = try OpenURL(url)
        let target = try parsed.url(json: json)
        let wantsOutput = headless || json || parsed.query.contains { $0.0 == "format" }
        if wantsOutput { return .openLink(target) }
        return stay && context.interactive ? .handOverOrStay(target) : .handOver(target)
    }
}
