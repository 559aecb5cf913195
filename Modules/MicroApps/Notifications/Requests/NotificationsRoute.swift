import StrataContainer
import StrataDomain

/// What a `strata://notifications/…` URL (or a start's params) asks the Notifications
/// micro-app for.
///
/// | URL | route |
/// |---|---|
/// | `strata://notifications?unread=true` | ``list(unreadOnly:)`` |
/// | `strata://notifications/<notification id>/read` | ``read(_:)`` |
/// | `strata://notifications/<notification id>/open` | ``open(_:)`` (starts the reports micro-app) |
///
/// `format=json` asks for JSON output in a scripted run. `action=<identifier>` on `read` and
/// `open` says the route comes from a notification's action chosen on the desktop (the
/// **Open** button strata-notifyd's notification carries): the app's `handleAction` hook runs
/// first (``ContainerContext/performNotificationAction(_:notification:)``).
enum NotificationsRoute: Equatable {
    case list(unreadOnly: Bool)
    case read(String)
    case open(String)

    /// The keys each kind of route accepts (besides `path`), in the order errors list them.
    static let listKeys = ["unread", "format"]
    static let idKeys = ["action", "format"]

    /// `nil` for every route today: none overwrites or removes what a person wrote (`read` marks one read, `open` opens its report, the list reads), so a
    /// link runs them as they come. A destructive route (an edit or a delete) would return the
    /// line refusing it from a link, as `ReportsRoute.confirmationRefusal` does, and ask in the
    /// running app. A new route must decide here (the switch has no default).
    var confirmationRefusal: String? {
        switch self {
        case .list, .read, .open: return nil
        }
    }

    /// Reads the route from a start's params (`path` plus the URL's query items).
    ///
    /// - Throws: ``DomainError`` `invalidInput` for a path with no route, an `unread` that is
    ///   not yes or no; ``ContainerError`` `unknownParameter` naming the keys the route does not
    ///   accept (and the accepted ones).
    init(params: [String: String]) throws {
        let parts = (params["path"] ?? "").split(separator: "/").map(String.init)
        switch (parts.count, parts.last) {
        case (0, _):
            try LaunchParameters.check(params, route: "strata://notifications", accepted: Self.listKeys)
            switch params["unread"]?.lowercased() {
            case nil, "", "false", "no", "n", "0": self = .list(unreadOnly: false)
            case "true", "yes", "y", "1": self = .list(unreadOnly: true)
            case let other?: throw DomainError(.invalidInput, "unread '\(other)' is not yes or no (true/false)")
            }
        case (2, "read"):
            try LaunchParameters.check(params, route: "strata://notifications/<id>/read", accepted: Self.idKeys)
            self = .read(parts[0])
        case (2, "open"):
            try LaunchParameters.check(params, route: "strata://notifications/<id>/open", accepted: Self.idKeys)
            self = .open(parts[0])
        default:
            throw DomainError(
                .invalidInput, "notifications: no route for path '\(parts.joined(separator: "/"))'; expected "
                    + "<id>/read or <id>/open")
        }
    }
}
