public import StrataContainer
import StrataCrossCutting

/// The Reports micro-app's one public entry: its names and its registration. Everything else
/// in the module (the delegate, screens, routes) is internal.
///
/// ```swift
/// ReportsApp.register(into: &registry)                 // the delegate type
/// // configuration: { "name": "Reports", "delegate": "ReportsDelegate" }, routes: ["reports": "Reports"]
/// ```
///
/// It reaches the domain through the services named `domain` (`any DomainServices`) and
/// `clock` (`any StrataClock`), and answers `strata://reports/…` (list, `new`, `<id>`,
/// `<id>/edit`, `<id>/delete`); an unknown query key is refused, naming the accepted ones. Its
/// forms check each field with the domain's rule and list the choices of gender and follow; a
/// report's detail lists its follow-ups and `schedule` starts the FollowUps micro-app's form
/// for it (by name, through the Context). In a
/// scripted run (a ``ConsoleService`` is registered) it performs the route and writes the
/// result instead of showing screens.
public enum ReportsApp: MicroApp {
    /// The micro-app's name in a configuration, and what other micro-apps start it by.
    public static let name = "Reports"
    /// The delegate type a configuration names (`Applications[].delegate`).
    public static let delegateType = "ReportsDelegate"
    /// The URL host routed to it: `strata://reports/…`.
    public static let route = "reports"
    /// The sentence the Launcher lists it with, in the current `MessageLanguage`.
    public static var summary: String {
        localized("Case reports: list, search, add, edit, delete", ja: "症例報告: 一覧、検索、追加、編集、削除")
    }

    /// Its declaration, for a configuration built in code.
    public static func descriptor(description: String = "Case reports: list, search, add, edit, delete")
        -> ApplicationDescriptor
    {
        ApplicationDescriptor(name: name, description: description, delegateType: delegateType)
    }

    /// Registers the delegate type (one fresh delegate per instance); a report's `schedule`
    /// starts `FollowUps`.
    public static func register(into registry: inout ContainerRegistry) {
        register(into: &registry, followUpsApplication: "FollowUps")
    }

    /// Registers the delegate type (one fresh delegate per instance).
    ///
    /// - Parameter followUpsApplication: the micro-app a report's `schedule` starts with
    ///   `path=new&report=<id>` (its follow-up form for that report).
    public static func register(into registry: inout ContainerRegistry, followUpsApplication: String = "FollowUps") {
        registry.registerApplication(type: delegateType) { _ in
            RoutedApplicationDelegate(ReportsRouting(followUpsApplication: followUpsApplication))
        }
    }
}

extension ReportsApp: RoutedMicroApp {
    /// Every action of `strata://reports/…`, declared once: the URL form, the command form and its help.
    public static var routeDeclarations: [RouteDeclaration] { ReportsRoute.declarations }
    /// The services its routes look up: `domain` and `clock`.
    public static let usedServices = ["domain", "clock"]
}
