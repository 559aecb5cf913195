import ServiceLifecycle

/// The desktop link (``DesktopNotifications``) as a swift-service-lifecycle `Service`: it runs
/// until the group shuts down, then shows what is still queued and closes the bus connection.
/// Started first, it shuts down last: after the inbox's file in hand has been delivered.
struct DesktopService: Service, CustomStringConvertible {
    let desktop: any DesktopNotifications

    var description: String { "desktop-notifications" }

    func run() async {
        // Returns at a graceful shutdown, and throws when cancelled: close either way.
        try? await gracefulShutdown()
        await desktop.close()
    }
}
