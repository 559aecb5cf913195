public import Logging
public import StrataContainer

/// Every double a container test needs, wired to one recorder: launch or boot a container on
/// them and read the exact order of callbacks.
///
/// ```swift
/// let doubles = ContainerDoubles()
/// let container = try await doubles.boot(.testing(applications: ["Launcher", "Reports"]))
/// try await container.context.startApplication("Reports")
/// #expect(doubles.recorder.entries(startingWith: "Reports#") == [...])
/// ```
public struct ContainerDoubles: Sendable {
    /// Where every double records.
    public let recorder = CallbackRecorder()
    /// Which services fail or hang and which micro-apps veto.
    public let behaviour = TestBehaviour()
    /// The app hooks.
    public let appDelegate: RecordingAppDelegate
    /// The in-memory terminal.
    public let terminal = MemoryTerminal()
    /// The hand-driven event source.
    public let events = ManualEventSource()
    /// The hand-driven deadline clock.
    public let clock = ManualClock()
    /// Records `process.stop` instead of stopping.
    public let process: RecordingProcessControl
    /// A listener recording every broadcast; added to the Context at `beforeDidFinishLaunching`
    /// time by ``launch(_:registry:launchOptions:)``.
    public let listener: RecordingListener
    /// The logger handed to the container (discards everything unless given one).
    public let logger: Logger

    /// Creates the doubles; pass a logger to see the container's log.
    public init(logger: Logger = Logger(label: "strata.container.test") { _ in SwiftLogNoOpLogHandler() }) {
        self.logger = logger
        appDelegate = RecordingAppDelegate(recorder: recorder)
        process = RecordingProcessControl(recorder: recorder)
        listener = RecordingListener(recorder: recorder)
    }

    /// A registry with ``TestService`` and ``TestMicroApp`` registered under their type names.
    public var registry: ContainerRegistry {
        var registry = ContainerRegistry()
        let recorder = recorder
        let behaviour = behaviour
        registry.registerService(type: TestService.typeName) { name in
            TestService(name: name, recorder: recorder, behaviour: behaviour)
        }
        registry.registerApplication(type: TestMicroApp.typeName) { _ in
            TestMicroApp(recorder: recorder, behaviour: behaviour)
        }
        return registry
    }

    /// The environment of doubles: memory terminal, manual events, manual clock, recorded stop.
    public var environment: ContainerEnvironment {
        ContainerEnvironment(terminal: terminal, events: events, clock: clock, process: process, logger: logger)
    }

    /// Launches a container on the doubles (``registry`` unless another is given), with the
    /// recording ``listener`` added before the BootLoader runs.
    public func launch(
        _ configuration: ContainerConfiguration, registry: ContainerRegistry? = nil,
        launchOptions: [String: String] = [:]
    ) async throws -> LaunchOutcome {
        try await StrataFramework.launch(
            delegate: ListeningDelegate(inner: appDelegate, listener: listener), configuration: configuration,
            registry: registry ?? self.registry, environment: environment, launchOptions: launchOptions)
    }

    /// Launches and expects a running container.
    ///
    /// - Throws: the boot's ``ContainerError``, or `notRunning` when the launch hook ended it early.
    public func boot(
        _ configuration: ContainerConfiguration, registry: ContainerRegistry? = nil,
        launchOptions: [String: String] = [:]
    ) async throws -> any RunningContainer {
        switch try await launch(configuration, registry: registry, launchOptions: launchOptions) {
        case .running(let container): return container
        case .ended(let code):
            throw ContainerError(.notRunning, "the launch hook ended the launch early (exit code \(code))")
        }
    }
}
