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
        "reports": "Reports", "follows": "FollowUps", "notifications": "Notifications", "about": "About",
        "home": "Launcher",
    ]

    /// Every micro-app delegate and service type, over `runtime`'s domain and clock.
    public static func make(_ runtime: HostRuntime) -> ContainerRegistry {
        var registry = ContainerRegistry()
        registry.registerApplication(type: LauncherDelegate.typeName) { _ in LauncherDelegate() }
        registry.registerApplication(type: ReportsDelegate.typeName) { _ in ReportsDelegate() }
        registry.registerApplication(type: FollowUpsDelegate.typeName) { _ in FollowUpsDelegate() }
        registry.registerApplication(type: NotificationsDelegate.typeName) { _ in NotificationsDelegate() }
        registry.registerApplication(type: AboutDelegate.typeName) { _ in AboutDelegate() }
        let domain = runtime.domain
        let clock = runtime.clock
        registry.registerService(type: DomainService.typeName) { _ in DomainService(domain: domain) }
        registry.registerService(type: ClockService.typeName) { _ in ClockService(clock: clock) }
        registry.registerService(type: NotificationInbox.typeName) { _ in NotificationInbox() }
        registry.registerService(type: "NotificationWatcher") { _ in
            StoreWatcher(domain: domain, source: .recordedNotifications)
        }
        registry.registerService(type: "FollowUpWatcher") { _ in StoreWatcher(domain: domain, source: .dueFollowUps) }
        registry.registerSchemeHandler(ApplicationSchemeHandler(routes: routes), scheme: StrataConstants.urlScheme)
        return registry
    }
}
