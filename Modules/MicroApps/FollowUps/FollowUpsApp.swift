public import StrataContainer
import StrataCrossCutting

/// The FollowUps micro-app's one public entry: its names and its registration. Everything
/// else in the module (the delegate, screens, routes) is internal.
///
/// It reaches the domain through the services named `domain` (`any DomainServices`) and
/// `clock` (`any StrataClock`), and answers `strata://follows/…` (list, `new`, `due`,
/// `overdue`, `<id>/done`; at a terminal, `new?report=<id>` alone opens the schedule form with
/// that report chosen, as a report's `schedule` does); an unknown query key is refused, naming
/// the accepted ones. Its schedule form picks the report from a numbered list of recent
/// reports (or by a word, or an id) and checks each field with the domain's rule. In a
/// scripted run (a ``ConsoleService`` is registered) it performs the route and writes the
/// result instead of showing screens.
public enum FollowUpsApp: MicroApp {
    /// The micro-app's name in a configuration, and what other micro-apps start it by.
    public static let name = "FollowUps"
    /// The delegate type a configuration names (`Applications[].delegate`).
    public static let delegateType = "FollowUpsDelegate"
    /// The URL host routed to it: `strata://follows/…`.
    public static let route = "follows"
    /// The sentence the Launcher lists it with, in the current `MessageLanguage`.
    public static var summary: String {
        localized("Follow-ups: schedule, due today, overdue, done", ja: "フォローアップ: 予定、本日期限、期限切れ、完了")
    }

    /// Its declaration, for a configuration built in code.
    public static func descriptor(description: String = "Follow-ups: schedule, due today, overdue, done")
        -> ApplicationDescriptor
    {
        ApplicationDescriptor(name: name, description: description, delegateType: delegateType)
    }

    /// Registers the delegate type (one fresh delegate per instance).
    public static func register(into registry: inout ContainerRegistry) {
        registry.registerApplication(type: delegateType) { _ in RoutedApplicationDelegate(FollowUpsRouting()) }
    }
}

extension FollowUpsApp: RoutedMicroApp {
    /// Every action of `strata://follows/…`, declared once: the URL form, the command form and its help.
    public static var routeDeclarations: [RouteDeclaration] { FollowUpsRoute.declarations }
    /// The services its routes look up: `domain` and `clock`.
    public static let usedServices = ["domain", "clock"]
}
