public import StrataContainer
import StrataCrossCutting

/// The Account micro-app's one public entry: its names and its registration. Everything else
/// in the module is internal.
///
/// It is the face of the host's login-state service (`session`, StrataSync's `SessionService`):
/// sign in (the password is not shown as it is typed), sign out with or without syncing with
/// the server first (the seed's `mustSyncWithServer`), who is signed in with their groups and
/// roles, the sync status, and "sync now". `strata://account` prints the same status in a
/// scripted run.
public enum AccountApp: MicroApp {
    /// The micro-app's name in a configuration.
    public static let name = "Account"
    /// The delegate type a configuration names (`Applications[].delegate`).
    public static let delegateType = "AccountDelegate"
    /// The URL host routed to it: `strata://account`.
    public static let route = "account"
    /// The sentence the Launcher lists it with, in the current `MessageLanguage`.
    public static var summary: String {
        localized("Sign in and out, who is signed in, sync status, sync now", ja: "サインイン・サインアウト、サインイン中のユーザー、同期の状態、今すぐ同期")
    }

    /// Its declaration, for a configuration built in code.
    public static func descriptor(
        description: String = "Sign in and out, who is signed in, sync status, sync now"
    ) -> ApplicationDescriptor {
        ApplicationDescriptor(name: name, description: description, delegateType: delegateType)
    }

    /// Registers the delegate type (one fresh delegate per instance).
    public static func register(into registry: inout ContainerRegistry) {
        registry.registerApplication(type: delegateType) { _ in RoutedApplicationDelegate(AccountRouting()) }
    }
}
