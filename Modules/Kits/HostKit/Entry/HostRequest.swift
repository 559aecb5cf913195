import Foundation

/// What a parsed command line asks the container for.
enum HostRequest: Sendable {
    /// Open this URL on a booted container without a terminal and print what the micro-app wrote
    /// (a subcommand the person typed: every route runs).
    case open(URL)
    /// `strata-host open --headless|--json URL`: as ``open(_:)``, but the URL comes from outside
    /// (a link), so a route that cannot be undone is refused (see `ConsoleService.Origin.link`).
    case openLink(URL)
    /// `strata-host open URL`: hand this URL to the interactive host of the same container when
    /// one answers (see `HostSession.openHandingOver(_:)`), else as ``openLink(_:)``.
    case handOver(URL)
    /// `strata-host open --stay URL` in a terminal: as ``handOver(_:)`` when a host answers;
    /// otherwise the interactive container on the terminal with the URL's screen on top, until
    /// the person quits (strata-host.desktop: a notification's **Open** with no host running).
    case handOverOrStay(URL)
    /// Print the overview (no command, no terminal).
    case overview
    /// Print the boot report as JSON.
    case bootReport
    /// Run interactively: the Launcher on the terminal.
    case interactive
    /// Run this work without booting the container and print the text it returns
    /// (`account …`, `sync`: they talk to the data layer's sync engine directly).
    case task(@Sendable () async throws -> String)
}

/// Builds `strata://` URLs from a command's options, percent-encoding every value.
enum HostURL {
    /// `strata://<route>/<path…>?<query>`; `nil` values are left out, and `json` adds `format=json`.
    static func make(_ route: String, _ path: [String] = [], query: [(String, String?)] = [], json: Bool = false) -> URL {
        var components = URLComponents()
        components.scheme = "strata"
        components.host = route
        let encoded = path.map {
            $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? $0
        }
        components.percentEncodedPath = encoded.isEmpty ? "" : "/" + encoded.joined(separator: "/")
        var items = query.compactMap { key, value in value.map { URLQueryItem(name: key, value: $0) } }
        if json { items.append(URLQueryItem(name: "format", value: "json")) }
        if !items.isEmpty { components.queryItems = items }
        // Query values may hold `+`, which URLComponents leaves as is; the scheme handler reads it back unchanged.
        return components.url ?? URL(string: "strata://\(route)")!
    }
}
