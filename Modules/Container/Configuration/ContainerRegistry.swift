/// The types a host can name in its configuration, built in code (Swift on Linux has no
/// Objective-C runtime to look a class up by name).
///
/// ```swift
/// var registry = ContainerRegistry()
/// registry.registerService(type: "AuthService") { _ in AuthService() }
/// registry.registerApplication(type: "ReportsDelegate") { _ in RoutedApplicationDelegate(ReportsRouting()) }
/// registry.registerSchemeHandler(ApplicationSchemeHandler(routes: ["reports": "Reports"]), scheme: "strata")
/// ```
///
/// Registering a type name twice is not a crash: the boot fails with `duplicateName` naming it.
public struct ContainerRegistry: Sendable {
    /// Makes a service; receives the service's declared name (one type may serve several names).
    public typealias ServiceFactory = @Sendable (_ name: String) -> any StrataService
    /// Makes a micro-app delegate for one new instance; receives the micro-app's name.
    public typealias ApplicationFactory = @Sendable (_ name: String) -> any MicroApplicationDelegate

    var serviceFactories: [String: ServiceFactory] = [:]
    var applicationFactories: [String: ApplicationFactory] = [:]
    var schemeHandlers: [(scheme: String, handler: any SchemeHandler)] = []
    var duplicates: [String] = []

    /// Creates an empty registry.
    public init() {}

    /// Registers a service type under `type`.
    public mutating func registerService(type: String, make: @escaping ServiceFactory) {
        if serviceFactories[type] != nil { duplicates.append("service type \"\(type)\"") }
        serviceFactories[type] = make
    }

    /// Registers a micro-app delegate type under `type`.
    public mutating func registerApplication(type: String, make: @escaping ApplicationFactory) {
        if applicationFactories[type] != nil { duplicates.append("delegate type \"\(type)\"") }
        applicationFactories[type] = make
    }

    /// Adds a handler for URLs of `scheme` (compared without case); handlers run in the order added.
    public mutating func registerSchemeHandler(_ handler: any SchemeHandler, scheme: String) {
        schemeHandlers.append((scheme.lowercased(), handler))
    }

    /// The registered service type names, sorted.
    public var serviceTypes: [String] { serviceFactories.keys.sorted() }
    /// The registered delegate type names, sorted.
    public var applicationTypes: [String] { applicationFactories.keys.sorted() }
}
