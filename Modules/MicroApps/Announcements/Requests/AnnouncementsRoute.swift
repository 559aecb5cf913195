import StrataContainer
import StrataCrossCutting
import StrataDomain

/// What a `strata://announcements/…` URL (or a start's params) asks the Announcements micro-app for.
///
/// | URL | route |
/// |---|---|
/// | `strata://announcements?all=true&page=2&pageSize=20` | ``list(all:page:)`` (without `all`: those in effect now) |
/// | `strata://announcements/<id>` | ``show(_:)`` |
///
/// `format=json` asks for JSON output in a scripted run.
enum AnnouncementsRoute: Equatable {
    case list(all: Bool, page: PageRequest)
    case show(String)

    /// `nil` for every route today: none overwrites or removes what a person wrote (both only read), so a
    /// link runs them as they come. A destructive route (an edit or a delete) would return the
    /// line refusing it from a link, as `ReportsRoute.confirmationRefusal` does, and ask in the
    /// running app. A new route must decide here (the switch has no default).
    var confirmationRefusal: String? {
        switch self {
        case .list, .show: return nil
        }
    }

    /// Reads the route from a start's params (`path` plus the URL's query items) through
    /// ``declarations``: the path picks the action, whose declared keys are the accepted ones.
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming the parameter that cannot be read;
    ///   ``ContainerError`` `unknownParameter` naming the keys the route does not accept.
    init(params: [String: String]) throws {
        guard let (declaration, id) = try RouteDeclaration.match(params, in: Self.declarations) else {
            let path = (params["path"] ?? "").split(separator: "/").joined(separator: "/")
            throw DomainError(
                .invalidInput,
                localized(
                    "announcements: no route for path '\(path)'; expected <id>",
                    ja: "announcements: パス '\(path)' のルートはありません。<id> を指定してください"))
        }
        if declaration.name == "show" {
            self = .show(id ?? "")
            return
        }
        let all = params["all"].map { $0 == "true" || $0 == "1" || $0 == "yes" } ?? false
        self = .list(
            all: all,
            page: PageRequest(
                size: try Self.number(params["pageSize"], key: "pageSize") ?? 20,
                index: try Self.number(params["page"], key: "page") ?? 1))
    }

    private static func number(_ text: String?, key: String) throws -> Int? {
        guard let text else { return nil }
        guard let number = Int(text) else {
            throw DomainError(
                .invalidInput,
                localized(
                    "\(key) is '\(text)'; expected a whole number", ja: "\(key) が '\(text)' です。整数を指定してください"))
        }
        return number
    }
}
