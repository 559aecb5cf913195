public import StrataContainer
import StrataAboutApp
import StrataCrossCutting
import StrataFollowUpsApp
import StrataLauncherApp
import StrataNotificationsApp
import StrataReportsApp

/// The types `strata-host`'s configuration may name, and the `strata://` routes.
public enum HostRegistry {
    /// URL host → micro-app: `strata://reports/…` opens Reports, and so on.
    public static let routes = [
        ReportsApp.route: ReportsApp.name, FollowUpsApp.route: FollowUpsApp.name,
        NotificationsApp.route: NotificationsApp.name, AboutApp.route: AboutApp.name,
        LauncherApp.route: LauncherApp.name,
    ]

    /// The service types the host itself provides, made over a runtime's parts.
    static let serviceTypes: [(type: String, make: @Sendable (HostRuntime) -> any StrataService)] = [
        (DomainService.typeName, { DomainService(domain: $0.domain) }),
        (ClockService.typeName, { ClockService(clock: $0.clock) }),
        ("NotificationWatcher", { StoreWatcher(domain: $0.domain, notices: $0.notices, source: .recordedNotifications) }),
        ("FollowUpWatcher", { StoreWatcher(domain: $0.domain, notices: $0.notices, source: .dueFollowUps()) }),
    ]

    /// Every micro-app delegate and service type, over `runtime`'s domain, clock and notices.
    public static func make(_ runtime: HostRuntime) -> ContainerRegistry {
        var registry = applications()
        for service in serviceTypes {
            let make = service.make
            registry.registerService(type: service.type) { _ in make(runtime) }
        }
        return registry
    }

    /// Checks `configuration` against the registry's types before anything is opened: the
    /// service factories are never called, so no runtime (and no store) is needed.
    ///
    /// - Throws: ``ContainerError`` naming the file and key.
    static func validate(_ configuration: ContainerConfiguration) throws {
        var registry = applications()
        for service in serviceTypes {
            registry.registerService(type: service.type) { name in NeverStartedService(name: name) }
        }
        try StrataFramework.validate(configuration: configuration, registry: registry)
    }

    /// The micro-apps (each through its module's public entry) and the `strata://` routes.
    private static func applications() -> ContainerRegistry {
        var registry = ContainerRegistry()
        LauncherApp.register(into: &registry)
        ReportsApp.register(into: &registry)
        FollowUpsApp.register(into: &registry)
        NotificationsApp.register(into: &registry, reportsApplication: ReportsApp.name)
        AboutApp.register(into: &registry)
        registry.registerSchemeHandler(ApplicationSchemeHandler(routes: routes), scheme: StrataConstants.urlScheme)
        return registry
    }
}

/// Stands in for a host service in the registry ``HostRegistry/validate(_:)`` checks a
/// configuration against; validation never creates a service, and a start would say why.
private struct NeverStartedService: StrataService {
    let name: String

    func start(context: any ContainerContext) async throws {
        throw ContainerError(.serviceStartFailed, "\(name): registered only to check a configuration, never started")
    }
}
