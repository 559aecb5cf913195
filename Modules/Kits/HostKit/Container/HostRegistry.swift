public import StrataContainer
import StrataAboutApp
import StrataAccountApp
import StrataAnnouncementsApp
import StrataCrossCutting
import StrataFollowUpsApp
import StrataLauncherApp
import StrataNotificationsApp
import StrataReportsApp

/// The types `strata-host`'s configuration may name, and the `strata://` routes.
public enum HostRegistry {
    /// strata-host's micro-apps, in the order the Launcher lists them: the one place a micro-app
    /// is registered. The routes, the registry and the built-in configuration's `Applications`
    /// are made from this list (see Docs/Walkthroughs-MicroApp.md).
    public static var microApps: [any MicroApp.Type] {
        [
            LauncherApp.self,
            ReportsApp.self,
            FollowUpsApp.self,
            NotificationsApp.self,
            AnnouncementsApp.self,
            AccountApp.self,
            AboutApp.self,
        ]
    }

    /// The micro-apps the Launcher lists, by name, in its order (every one but itself): what
    /// `strata-host --help` names.
    static var launcherListing: [String] {
        microApps.map { $0.name }.filter { $0 != LauncherApp.name }
    }

    /// Every action the micro-apps declare (``RoutedMicroApp/routeDeclarations``): the
    /// `strata://` URL forms, and the `strata-host` commands derived from them.
    public static var routeDeclarations: [RouteDeclaration] {
        microApps.compactMap { $0 as? any RoutedMicroApp.Type }.flatMap { $0.routeDeclarations }
    }

    /// URL host → micro-app: `strata://reports/…` opens Reports, and so on.
    public static let routes = Dictionary(uniqueKeysWithValues: microApps.map { ($0.route, $0.name) })

    /// The service types the host itself provides, made over a runtime's parts (and whether
    /// the boot is the interactive host, which alone runs the background sync loop).
    static let serviceTypes: [(type: String, make: @Sendable (HostRuntime, Bool) -> any StrataService)] = [
        (DomainService.typeName, { runtime, _ in DomainService(domain: runtime.domain) }),
        (ClockService.typeName, { runtime, _ in ClockService(clock: runtime.clock) }),
        (AnnouncementBoard.typeName, { runtime, _ in AnnouncementBoard(board: runtime.announcements) }),
        ("NotificationWatcher", { runtime, _ in
            StoreWatcher(domain: runtime.domain, notices: runtime.notices, source: .recordedNotifications)
        }),
        ("FollowUpWatcher", { runtime, _ in
            StoreWatcher(domain: runtime.domain, notices: runtime.notices, source: .dueFollowUps())
        }),
        (BackgroundSync.typeName, { runtime, interactive in
            BackgroundSync(sync: runtime.sync, enabled: interactive, notices: runtime.notices)
        }),
        (HandoffListener.typeName, { runtime, interactive in
            HandoffListener(container: runtime.location, enabled: interactive, logger: runtime.logger)
        }),
        (HostSessionService.typeName, { runtime, _ in
            HostSessionService(sync: runtime.sync, session: runtime.session, conflicts: runtime.conflicts)
        }),
    ]

    /// Every micro-app delegate and service type, over `runtime`'s domain, clock, notices and
    /// sync engine; `interactive` boots (the Launcher in a terminal) also run the background sync.
    public static func make(_ runtime: HostRuntime, interactive: Bool = false) -> ContainerRegistry {
        var registry = applications()
        for service in serviceTypes {
            let make = service.make
            registry.registerService(type: service.type) { _ in make(runtime, interactive) }
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
        for app in microApps {
            app.register(into: &registry)
        }
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
