public import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The Announcements micro-app's one public entry: its names and its registration. Everything
/// else in the module is internal.
///
/// It lists the ward announcements in effect now (or all of them), newest first, and shows one;
/// they are read on demand from the server through the `announcements` service (an
/// `AnnouncementService`), never stored locally. Offline, not signed in or with the server
/// unreachable, the screen shows the one-line reason. `strata://announcements` (`all`, `page`,
/// `pageSize`, `format`) and `strata://announcements/<id>` print the same in a scripted run.
public enum AnnouncementsApp: MicroApp {
    /// The micro-app's name in a configuration.
    public static let name = "Announcements"
    /// The delegate type a configuration names (`Applications[].delegate`).
    public static let delegateType = "AnnouncementsDelegate"
    /// The URL host routed to it: `strata://announcements`.
    public static let route = "announcements"
    /// The sentence the Launcher lists it with, in the current `MessageLanguage`.
    public static var summary: String {
        "Ward announcements from the server: in effect now, all, one in full"
    }
    /// The service it reads through: an `AnnouncementService` the host provides.
    public static let serviceName = ServiceKey<any AnnouncementService>.announcements.name

    /// Its declaration, for a configuration built in code.
    public static func descriptor(
        description: String = "Ward announcements from the server: in effect now, all, one in full"
    ) -> ApplicationDescriptor {
        ApplicationDescriptor(name: name, description: description, delegateType: delegateType)
    }

    /// Registers the delegate type (one fresh delegate per instance).
    public static func register(into registry: inout ContainerRegistry) {
        registry.registerApplication(type: delegateType) { _ in RoutedApplicationDelegate(AnnouncementsRouting()) }
    }
}

extension AnnouncementsApp: RoutedMicroApp {
    /// Every action of `strata://announcements/…`, declared once: the URL form, the command form and its help.
    public static var routeDeclarations: [RouteDeclaration] { AnnouncementsRoute.declarations }
    /// The services its routes look up: `announcements`.
    public static var usedServices: [String] { [serviceName] }
}
