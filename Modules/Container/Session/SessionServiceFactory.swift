/// The one public way to obtain a ``SessionService``.
public enum SessionServiceFactory {
    /// The name micro-apps look the service up by.
    public static let serviceName = "session"
    /// The type name a configuration names (`Services[].class`).
    public static let typeName = "SessionService"

    /// The service over `backend` (the host's session; a test's `SessionBackendDouble`).
    public static func live(backend: any SessionBackend) -> any SessionService {
        LiveSessionService(backend: backend)
    }

    /// The service's declaration: lazy, so a scripted run creates it on first lookup and an
    /// interactive run starts it through an `[AUTOSTART]` group.
    public static func descriptor(lazy: Bool = true) -> ServiceDescriptor {
        ServiceDescriptor(name: serviceName, type: typeName, lazy: lazy, failurePolicy: .continue)
    }
}
