public import StrataContainer

/// The Launcher: the home screen listing every micro-app, started last by the BootLoader.
///
/// It knows the other micro-apps only by the names and descriptions the configuration declares
/// (``ContainerContext/declaredApplications``) and starts them through the Context.
public struct LauncherDelegate: MicroApplicationDelegate {
    /// The type name the host registers it under.
    public static let typeName = "LauncherDelegate"

    /// A delegate for the Launcher.
    public init() {}

    /// The home screen.
    public func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        LauncherScreen(ownName: application.name, context: context)
    }
}
