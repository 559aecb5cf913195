/// A micro-app's one public entry, as a host lists it: its names, its `strata://` route, the
/// sentence a Launcher shows and its registration.
///
/// A host names each micro-app once, in one list of these types, and derives the rest from it:
/// the URL routes (``route`` → ``name``), the registry (``register(into:)``) and the built-in
/// configuration's `Applications` (``name``, ``summary``, ``delegateType``).
///
/// ```swift
/// static var microApps: [any MicroApp.Type] { [LauncherApp.self, ReportsApp.self, AboutApp.self] }
/// ```
public protocol MicroApp {
    /// The micro-app's name in a configuration, and what the Context starts it by.
    static var name: String { get }
    /// The delegate type a configuration names (`Applications[].delegate`).
    static var delegateType: String { get }
    /// The URL host routed to it: `strata://<route>/…`.
    static var route: String { get }
    /// The sentence a Launcher lists it with (`Applications[].description`), in the current
    /// `MessageLanguage`.
    static var summary: String { get }
    /// Registers its delegate type (and any service type of its own) in `registry`.
    static func register(into registry: inout ContainerRegistry)
}
