/// Where system events come from: Linux signals in a host, a hand-driven source in tests.
///
/// The container calls ``events()`` once when it starts running and handles each event in
/// order until it terminates. `ContainerEnvironment.live` uses a source built on
/// `DispatchSourceSignal`; `StrataContainerTesting` has a manual one.
public protocol ContainerEventSource: Sendable {
    /// The stream of events; it ends when the source is finished.
    ///
    /// - Important: Called once per run; a second call may return a stream that never yields.
    func events() -> AsyncStream<SystemEvent>

    /// Returns once an event sent from now on reaches ``events()``'s stream; the boot awaits it
    /// before it draws the Launcher. Returns at once by default.
    func ready() async
}

extension ContainerEventSource {
    /// Returns at once: the source's events are never lost before the stream is read.
    public func ready() async {}
}

/// What the container does to the process itself: stop it after the background callbacks.
///
/// Injected so tests can see the stop without stopping the test runner.
public protocol ProcessControl: Sendable {
    /// Stops the process for real (SIGSTOP to itself); returns when the process is continued.
    func stopProcess()
}

/// Where deadlines come from: the shutdown deadline and the 30 s background-fetch deadline.
///
/// The live clock sleeps for real; `StrataContainerTesting`'s manual clock sleeps until a
/// test advances it.
public protocol DeadlineClock: Sendable {
    /// Suspends for `duration`.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled first.
    func sleep(for duration: Duration) async throws
}
