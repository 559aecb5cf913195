/// A service: no UI, stateful, alive for the rest of the process once started (the seed's `DTService`).
///
/// The container creates a service through the registry, then calls ``didCreate(context:)``,
/// then ``start(context:)`` (after every declared dependency has started). At shutdown it calls
/// ``willDestroy()`` in the reverse of the start order, so a service stops before the services it
/// depends on. A lazy service is created on its first lookup, never before.
///
/// Micro-apps find a service through the ``ContainerContext`` by its typed key, declared once
/// beside the protocol they know (`ServiceKey<any AuthService>("auth")`, then
/// `try await context.service(.auth)`; the named `context.service("auth", as:)` is what the key
/// calls): services are the bridge between micro-apps that never import each other.
public protocol StrataService: Sendable {
    /// The service was created (before ``start(context:)``).
    func didCreate(context: any ContainerContext) async
    /// Starts the service. Required. Its declared dependencies have started already.
    ///
    /// - Throws: any error; the container reports it with the service's name and either fails
    ///   the boot or goes on, as the service's ``ServiceFailurePolicy`` says.
    func start(context: any ContainerContext) async throws
    /// The service will be destroyed (shutdown, or unregistered).
    func willDestroy() async
}

extension StrataService {
    /// Does nothing.
    public func didCreate(context: any ContainerContext) async {}
    /// Does nothing.
    public func willDestroy() async {}
}

/// What happens to the boot when a service fails to start.
public enum ServiceFailurePolicy: String, Sendable, Hashable, Codable {
    /// The boot fails with `serviceStartFailed` naming the service and its error (the default).
    case failBoot = "fail"
    /// The failure is reported (log and boot report) and the boot goes on without the service.
    case `continue`
}

/// Where a service is in its life, as the boot report shows it.
public enum ServiceState: String, Sendable, Hashable, Codable {
    /// Declared, not created (a lazy service nobody has looked up yet).
    case notCreated
    /// Created, `start` not finished.
    case created
    /// Started and available.
    case started
    /// `start` threw.
    case failed
    /// `willDestroy` was called.
    case destroyed
}

/// One service as declared in a configuration file (or in code).
public struct ServiceDescriptor: Sendable, Hashable, Codable {
    /// The name micro-apps look it up by; unique in the container.
    public var name: String
    /// The registered type that makes it (the seed's `class`).
    public var type: String
    /// Created on first lookup instead of at boot (the seed's `lazyLoading`).
    public var lazy: Bool
    /// One of the seed's "run-once services that must start first": started in BootLoader stage
    /// 3, before every other service.
    public var startsFirst: Bool
    /// Names of services that must start before this one (and stop after it).
    public var dependencies: [String]
    /// What a failing `start` does to the boot.
    public var failurePolicy: ServiceFailurePolicy
    /// Where it was declared, e.g. `services.plist: Services[3]`, for error messages.
    public var origin: String

    /// Declares a service.
    public init(
        name: String, type: String, lazy: Bool = false, startsFirst: Bool = false, dependencies: [String] = [],
        failurePolicy: ServiceFailurePolicy = .failBoot, origin: String = "in code"
    ) {
        self.name = name
        self.type = type
        self.lazy = lazy
        self.startsFirst = startsFirst
        self.dependencies = dependencies
        self.failurePolicy = failurePolicy
        self.origin = origin
    }
}
