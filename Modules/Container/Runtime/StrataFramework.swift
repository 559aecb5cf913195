/// The framework's entry points: a host's `main` hands the process to the container here.
///
/// ```swift
/// var registry = ContainerRegistry()
/// registry.registerApplication(type: "LauncherDelegate") { _ in LauncherDelegate() }
/// let configuration = try ContainerConfiguration.load(from: configURL)
/// let environment = ContainerEnvironment.live(logger: logger, interactive: true)
/// exit(try await StrataFramework.run(
///     delegate: HostAppDelegate(), configuration: configuration, registry: registry,
///     environment: environment))
/// ```
public enum StrataFramework {
    /// Launches the container and runs it until it terminates: the whole process lifecycle.
    ///
    /// Checks the configuration against the registry, runs the launch hooks and the BootLoader,
    /// then handles signals and typed lines until a quit or a terminate signal, and shuts down
    /// within the deadline.
    ///
    /// - Returns: the exit code: 0 after a clean shutdown, 1 when the shutdown deadline passed;
    ///   or the code chosen by `handleDidFinishLaunching` (`returnYes` 0, `returnNo` 1).
    /// - Throws: ``ContainerError`` for a configuration error or a failed boot, naming the file
    ///   and key, or the service and its error.
    public static func run(
        delegate: any ContainerAppDelegate, configuration: ContainerConfiguration, registry: ContainerRegistry,
        environment: ContainerEnvironment, launchOptions: [String: String] = [:]
    ) async throws -> Int32 {
        let outcome = try await launch(
            delegate: delegate, configuration: configuration, registry: registry, environment: environment,
            launchOptions: launchOptions)
        switch outcome {
        case .ended(let exitCode): return exitCode
        case .running(let container): return await container.run()
        }
    }

    /// Launches the container (hooks and BootLoader) and hands it back without running the
    /// event loop: for scripted hosts and tests, which drive it and then call `terminate`.
    ///
    /// - Throws: ``ContainerError`` for a configuration error or a failed boot.
    public static func launch(
        delegate: any ContainerAppDelegate, configuration: ContainerConfiguration, registry: ContainerRegistry,
        environment: ContainerEnvironment, launchOptions: [String: String] = [:]
    ) async throws -> LaunchOutcome {
        let plan = try ContainerPlan(configuration: configuration, registry: registry)
        let runtime = ContainerRuntime(plan: plan, delegate: delegate, environment: environment)
        return try await runtime.launch(options: launchOptions)
    }

    /// Checks a configuration against a registry without booting: every error a boot would
    /// report about the files (unknown types, duplicates, missing Launcher, cycles).
    public static func validate(configuration: ContainerConfiguration, registry: ContainerRegistry) throws {
        _ = try ContainerPlan(configuration: configuration, registry: registry)
    }
}

extension ContainerRuntime: RunningContainer {
    nonisolated var context: any ContainerContext { self }
}
