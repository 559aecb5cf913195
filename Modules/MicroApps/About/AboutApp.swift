public import StrataContainer
import StrataCrossCutting

/// The About micro-app's one public entry: its names and its registration. Everything else in
/// the module is internal.
///
/// It shows the boot report (each BootLoader stage and its time) and each service's state;
/// `strata://about` prints the report (`format=json` for JSON, the only key it accepts) in a
/// scripted run.
public enum AboutApp: MicroApp {
    /// The micro-app's name in a configuration.
    public static let name = "About"
    /// The delegate type a configuration names (`Applications[].delegate`).
    public static let delegateType = "AboutDelegate"
    /// The URL host routed to it: `strata://about`.
    public static let route = "about"
    /// The sentence the Launcher lists it with, in the current `MessageLanguage`.
    public static var summary: String {
        localized("The boot report and each service's state", ja: "起動レポートと各サービスの状態")
    }

    /// Its declaration, for a configuration built in code.
    public static func descriptor(description: String = "The boot report and each service's state")
        -> ApplicationDescriptor
    {
        ApplicationDescriptor(name: name, description: description, delegateType: delegateType)
    }

    /// Registers the delegate type (one fresh delegate per instance).
    public static func register(into registry: inout ContainerRegistry) {
        registry.registerApplication(type: delegateType) { _ in RoutedApplicationDelegate(AboutRouting()) }
    }
}
