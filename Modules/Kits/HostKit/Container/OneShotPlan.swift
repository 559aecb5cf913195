import Foundation
import StrataContainer

/// What a one-shot run (a typed command, or a URL run without a terminal) boots: the micro-app
/// the URL names and the services it asks for (``RoutedMicroApp/usedServices`` and their
/// dependencies) — not the Launcher or any other micro-app, not the sync loop, the watchers or
/// the handoff socket. A micro-app that declares no services boots with the whole configuration
/// (less its `[AUTOSTART]` groups), as before.
enum OneShotPlan {
    /// The name of the home micro-app a one-shot boot starts instead of the Launcher.
    static let launcherName = "OneShot"
    /// Its delegate type (registered only for a one-shot boot).
    static let delegateType = "OneShotLauncher"

    /// `configuration` trimmed to what opening `url` uses; `[AUTOSTART]` groups never start.
    static func configuration(_ configuration: ContainerConfiguration, for url: URL) -> ContainerConfiguration {
        var scripted = configuration
        scripted.servicesMap.autostart = []
        guard let route = url.host?.lowercased(),
            let app = HostRegistry.microApps.first(where: { $0.route == route }) as? any RoutedMicroApp.Type,
            let descriptor = configuration.applications.first(where: { $0.name == app.name })
        else { return scripted }
        var kept = Set<String>()
        var pending = app.usedServices
        while let name = pending.popLast() {
            guard !kept.contains(name), let service = configuration.services.first(where: { $0.name == name }) else { continue }
            kept.insert(name)
            pending += service.dependencies
        }
        scripted.launcher = launcherName
        scripted.applications = [ApplicationDescriptor(name: launcherName, delegateType: delegateType), descriptor]
        scripted.services = configuration.services.filter { kept.contains($0.name) }
        scripted.servicesMap.groups = scripted.servicesMap.groups.mapValues { $0.filter(kept.contains) }
        return scripted
    }

    /// Registers the one-shot home micro-app in `registry`.
    static func register(into registry: inout ContainerRegistry) {
        registry.registerApplication(type: delegateType) { _ in OneShotHome() }
    }
}

/// The home of a one-shot boot: a screen never drawn, no work at all (the Launcher's list is
/// for a person at a terminal).
private struct OneShotHome: MicroApplicationDelegate {
    func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        StaticScreen(lines: [])
    }
}
