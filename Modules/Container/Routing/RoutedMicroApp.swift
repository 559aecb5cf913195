/// A micro-app whose routes are declared (``RouteDeclaration``): a host derives its commands
/// and their help from ``routeDeclarations``, and boots a one-shot command with only the
/// micro-app and the services it names in ``usedServices``.
///
/// ```swift
/// extension ReportsApp: RoutedMicroApp {
///     public static var routeDeclarations: [RouteDeclaration] { ReportsRoute.declarations }
///     public static let usedServices = ["domain", "clock"]
/// }
/// ```
public protocol RoutedMicroApp: MicroApp {
    /// Every action, in the order a host's help lists them.
    static var routeDeclarations: [RouteDeclaration] { get }
    /// The names of the services its routes look up (their dependencies come with them).
    static var usedServices: [String] { get }
}
