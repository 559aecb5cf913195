public import Foundation

/// A booted container: the entry points that deliver events to it, and its Context.
///
/// ``StrataFramework/run(delegate:configuration:registry:environment:launchOptions:)`` calls
/// ``run()`` for an interactive host. A scripted host (`strata-host open <url>`) or a test
/// uses ``StrataFramework/launch(delegate:configuration:registry:environment:launchOptions:)``
/// and drives the container by hand, then calls ``terminate(_:)``.
public protocol RunningContainer: Sendable {
    /// The Context micro-apps and services see.
    var context: any ContainerContext { get }
    /// What the BootLoader did.
    var bootReport: BootReport { get async }
    /// Whether the shutdown has finished.
    var isTerminated: Bool { get async }

    /// Handles one system event as its signal would (see ``SystemEvent``).
    func handle(_ event: SystemEvent) async
    /// Hands a typed line to the screen on top, acts on its response, and draws the top screen.
    func input(_ line: String) async
    /// Draws the screen on top of the navigation stack.
    func render() async
    /// Opens a URL: the open-URL hook first (it may rewrite the URL or answer at once), then the
    /// scheme handlers registered for the URL's scheme.
    ///
    /// - Returns: whether the URL was handled.
    /// - Throws: the error of the scheme handler that failed (e.g. `unknownApplication`).
    @discardableResult
    func open(_ url: URL, source: String?) async throws -> Bool
    /// Posts a remote notification (e.g. one `strata-notifyd` recorded): hook, then broadcast.
    @discardableResult
    func postRemoteNotification(_ notification: NotificationPayload) async -> CallbackResult
    /// Posts a local notification (e.g. a follow-up fell due): hook, then broadcast.
    @discardableResult
    func postLocalNotification(_ notification: NotificationPayload) async -> CallbackResult
    /// Reports a successful registration for remote notifications: hook, then broadcast.
    @discardableResult
    func registerDeviceToken(_ deviceToken: Data) async -> CallbackResult
    /// Reports a failed registration for remote notifications: hook only.
    @discardableResult
    func failDeviceRegistration(_ error: ContainerError) async -> CallbackResult
    /// Runs one background fetch now: the fetch hook with a completion called exactly once,
    /// completed as `timedOut` when the deadline (30 s) passes first.
    func performBackgroundFetch() async -> BackgroundFetchResult
    /// Ends the process's life in the container: will-terminate, micro-apps' will-terminate
    /// (top first), services' will-destroy (reverse start order), all within the shutdown deadline.
    ///
    /// Calling it again returns the first shutdown's report.
    @discardableResult
    func terminate(_ reason: TerminationReason) async -> ShutdownReport
    /// Handles events from the environment's event source and lines from its terminal (and runs
    /// background fetches on their interval) until the container terminates. On a full-screen
    /// terminal it also redraws the screen on top at each resize and each change of the
    /// registered ``StatusLineSource``, and gives the terminal back at the end. From a terminal
    /// that ``TerminalIO/readsKeys`` it reads keys instead of lines: arrows and `j`/`k` move a
    /// list's selection, Enter opens, Esc goes back, `/` searches, `?` shows the keys, `q`
    /// quits, and anything typed is a command line with history (see Docs/Terminal.md).
    ///
    /// - Returns: the exit code: 0 after a clean shutdown, 1 when the deadline cut it short.
    func run() async -> Int32
}

extension RunningContainer {
    /// Opens a URL with no source application.
    @discardableResult
    public func open(_ url: URL) async throws -> Bool {
        try await open(url, source: nil)
    }
}

/// How a launch ended: a running container, or an early end chosen by the launch hook.
public enum LaunchOutcome: Sendable {
    /// The BootLoader ran; the Launcher is on screen.
    case running(any RunningContainer)
    /// `handleDidFinishLaunching` returned `returnYes`/`return` (exit code 0) or `returnNo` (1):
    /// nothing was booted.
    case ended(exitCode: Int32)
}

/// What the shutdown did.
public struct ShutdownReport: Sendable, Hashable, Codable {
    /// Why the process ended.
    public var reason: TerminationReason
    /// Micro-app instances that got will-terminate, in order (top first), as `name#id`.
    public var terminatedApplications: [String] = []
    /// Services that got will-destroy, in order (reverse start order).
    public var destroyedServices: [String] = []
    /// Whether the deadline passed before the shutdown finished (the rest was skipped).
    public var timedOut = false

    /// Creates a report for `reason`.
    public init(reason: TerminationReason) {
        self.reason = reason
    }

    /// The exit code a host should return: 0 for a clean shutdown, 1 when it timed out.
    public var exitCode: Int32 { timedOut ? 1 : 0 }
}
