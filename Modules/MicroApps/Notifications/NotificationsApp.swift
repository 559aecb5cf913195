public import StrataContainer
import StrataCrossCutting

/// The Notifications micro-app's one public entry: its names and its registration (the
/// delegate and its companion inbox service). Everything else in the module is internal.
///
/// It shows the notifications strata-notifyd recorded and those that arrived while the host
/// runs (kept by the inbox service, a listener declared as a service named ``inboxServiceName``
/// of type ``inboxServiceType`` and started at boot); it marks them read and opens the report
/// one points to by starting the reports micro-app through the Context. Routes:
/// `strata://notifications` (`unread=true` for unread only), `…/<notification id>/read`,
/// `…/<notification id>/open`; an unknown query key is refused, naming the accepted ones.
public enum NotificationsApp: MicroApp {
    /// The micro-app's name in a configuration.
    public static let name = "Notifications"
    /// The delegate type a configuration names (`Applications[].delegate`).
    public static let delegateType = "NotificationsDelegate"
    /// The URL host routed to it: `strata://notifications/…`.
    public static let route = "notifications"
    /// The sentence the Launcher lists it with, in the current `MessageLanguage`.
    public static var summary: String {
        localized("What strata-notifyd recorded: read, open the report", ja: "strata-notifyd が記録した通知: 既読、症例報告を開く")
    }
    /// The service type of the inbox (`Services[].class`).
    public static let inboxServiceType = "NotificationInbox"
    /// The name the micro-app looks the inbox up by (`Services[].name`).
    public static let inboxServiceName = "inbox"
    /// The inbox's key: what the micro-app looks it up by.
    static let inbox = ServiceKey<NotificationInbox>(inboxServiceName)

    /// Its declaration, for a configuration built in code.
    public static func descriptor(description: String = "What strata-notifyd recorded: read, open the report")
        -> ApplicationDescriptor
    {
        ApplicationDescriptor(name: name, description: description, delegateType: delegateType)
    }

    /// The inbox's declaration, for a configuration built in code (start it at boot: not lazy,
    /// or in an `[AUTOSTART]` group).
    public static func inboxDescriptor(lazy: Bool = false) -> ServiceDescriptor {
        ServiceDescriptor(name: inboxServiceName, type: inboxServiceType, lazy: lazy)
    }

    /// Registers the delegate type and the inbox service type; `open` starts `Reports`.
    public static func register(into registry: inout ContainerRegistry) {
        register(into: &registry, reportsApplication: "Reports")
    }

    /// Registers the delegate type and the inbox service type.
    ///
    /// - Parameter reportsApplication: the micro-app `open` starts with `path=<report id>`.
    public static func register(into registry: inout ContainerRegistry, reportsApplication: String = "Reports") {
        registry.registerApplication(type: delegateType) { _ in
            RoutedApplicationDelegate(NotificationsRouting(reportsApplication: reportsApplication))
        }
        registry.registerService(type: inboxServiceType) { _ in NotificationInbox() }
    }
}
