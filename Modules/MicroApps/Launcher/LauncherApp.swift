public import StrataContainer
import StrataCrossCutting

/// The Launcher's one public entry: its names and its registration. The home screen itself is
/// internal.
///
/// The Launcher shows who is signed in (the host's `session` service, StrataSync's
/// `SessionService`, when the host has one), lists every micro-app the configuration declares (by name and description,
/// never by importing them) and starts the one a person picks through the Context.
public enum LauncherApp: MicroApp {
    /// The micro-app's name in a configuration (the `Launcher` key's default).
    public static let name = "Launcher"
    /// The delegate type a configuration names (`Applications[].delegate`).
    public static let delegateType = "LauncherDelegate"
    /// The URL host routed to it: `strata://home`.
    public static let route = "home"
    /// The sentence the Launcher lists it with, in the current `MessageLanguage`.
    public static var summary: String { localized("Home screen: the micro-apps", ja: "ホーム画面: マイクロアプリの一覧") }

    /// Its declaration, for a configuration built in code.
    public static func descriptor(description: String = "Home screen: the micro-apps") -> ApplicationDescriptor {
        ApplicationDescriptor(name: name, description: description, delegateType: delegateType)
    }

    /// Registers the delegate type.
    public static func register(into registry: inout ContainerRegistry) {
        registry.registerApplication(type: delegateType) { _ in LauncherDelegate() }
    }
}
