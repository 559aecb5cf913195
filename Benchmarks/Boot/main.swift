// strata-bench-boot: how long the container takes from launch to the Launcher with 1,000
// registered services (900 lazy) and 200 micro-apps, against a minimal container (one service,
// the Launcher alone) booted the same way. Target (the brief): under 50 ms.
// Run in release: swift run -c release strata-bench-boot [runs]
import Foundation
import Logging
import StrataContainer
import StrataCrossCutting

/// A service that does nothing: the cost measured is the framework's.
struct IdleService: StrataService {
    func start(context: any ContainerContext) async throws {}
}

/// A micro-app with a one-line root screen.
struct IdleApp: MicroApplicationDelegate {
    func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        StaticScreen(lines: ["\(application)"])
    }
}

/// The app delegate: every hook at its default.
struct IdleAppDelegate: ContainerAppDelegate {}

func configuration(services: Int, lazy: Int, applications: Int) -> ContainerConfiguration {
    ContainerConfiguration(
        launcher: "Launcher",
        applications: (0..<applications).map { index in
            ApplicationDescriptor(
                name: index == 0 ? "Launcher" : "app\(index)", description: "micro-app \(index)", delegateType: "IdleApp",
                allowsMultipleInstances: false)
        },
        services: (0..<services).map { index in
            ServiceDescriptor(
                name: "service\(index)", type: "IdleService", lazy: index >= services - lazy, startsFirst: false,
                dependencies: index > 0 && index < services - lazy ? ["service\(index - 1)"] : [],
                failurePolicy: .failBoot)
        },
        servicesMap: ServicesMap(groups: ["warm": services > 2 ? ["service\(services - 1)"] : []], autostart: ["warm"]))
}

func bootMilliseconds(_ configuration: ContainerConfiguration, runs: Int) async throws -> [Double] {
    var registry = ContainerRegistry()
    registry.registerService(type: "IdleService") { _ in IdleService() }
    registry.registerApplication(type: "IdleApp") { _ in IdleApp() }
    let logger = StrataLogging.makeLogger(label: "bench", level: .critical)
    var times: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        let outcome = try await StrataFramework.launch(
            delegate: IdleAppDelegate(), configuration: configuration, registry: registry,
            environment: .live(logger: logger, interactive: false))
        let elapsed = ContinuousClock.now - start
        guard case .running(let container) = outcome else { throw CrossCuttingError(.badEnvironment, "the container did not boot") }
        _ = await container.terminate(.quit)
        times.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000)
    }
    return times.sorted()
}

let runs = Int(CommandLine.arguments.dropFirst().first ?? "30") ?? 30
let minimal = try await bootMilliseconds(configuration(services: 1, lazy: 0, applications: 1), runs: runs)
let large = try await bootMilliseconds(configuration(services: 1000, lazy: 900, applications: 200), runs: runs)
print("boot to the Launcher, median of \(runs):")
print(String(format: "  minimal container (1 service, 1 micro-app):          %7.2f ms", minimal[runs / 2]))
print(String(format: "  1,000 services (900 lazy) and 200 micro-apps:        %7.2f ms (target < 50 ms)", large[runs / 2]))
print(String(format: "  cost of the large configuration over the minimal one: %6.2f ms", large[runs / 2] - minimal[runs / 2]))
