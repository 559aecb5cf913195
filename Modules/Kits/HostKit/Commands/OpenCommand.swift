import ArgumentParser
import Foundation
import StrataCrossCutting

/// `strata-host open URL`: routes a `strata://` URL through the scheme handlers, without a terminal.
struct OpenCommand: ParsableCommand, HostSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Open a strata:// URL: the micro-app it routes to performs it and prints the result.",
        discussion: """
            Routes: strata://reports (list; ?search=, ?page=, ?pageSize=), strata://reports/new?patientName=…&age=…\
            [&gender=…&follow=true&memo=…], strata://reports/<id>, strata://reports/<id>/edit?age=…, \
            strata://reports/<id>/delete, strata://follows (?report=), strata://follows/new?report=…&date=…\
            [&maxBp=…&minBp=…&medication=ace,diuretic&memo=…], strata://follows/due (?days= or ?from=&to=), \
            strata://follows/overdue, strata://follows/<id>/done, strata://notifications (?unread=true), \
            strata://notifications/<id>/read, strata://notifications/<id>/open, strata://about.

            The URL is read strictly: each parameter once, every % followed by two hex digits, \
            format=json or format=text; anything else is refused, naming the parameter.

            Examples:
              strata-host open 'strata://reports/new?patientName=Hanako%20Sato&age=42&gender=female'
              strata-host open strata://follows/due --json
              strata-host open strata://reports/<id>
            """
    )

    @Argument(help: ArgumentHelp("The URL to open.", valueName: "url"))
    var url: String

    @Flag(help: "Ask the micro-app for JSON (adds format=json to the URL).")
    var json = false

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

    func request(_ context: HostContext) throws -> HostRequest {
        .open(try OpenURL(url).url(json: json))
    }
}
