import StrataContainer

/// The Launcher: the home screen listing every micro-app, started last by the BootLoader.
///
/// It knows the other micro-apps only by the names and descriptions the configuration declares
/// (``ContainerContext/declaredApplications``) and starts them through the Context.
struct LauncherDelegate: MicroApplicationDelegate {
    /// A delegate for the Launcher.
    init() {}

    /// The home screen.
    func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        LauncherScreen(ownName: application.name, context: context)
    }
}
