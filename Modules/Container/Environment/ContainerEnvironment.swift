public import Logging
public import StrataCrossCutting

/// What the container talks to outside itself: the terminal, the event source, the deadline
/// clock, the process, and the logger. Injected so tests replace each with a double.
public struct ContainerEnvironment: Sendable {
    /// Where screens are drawn and typed lines come from.
    public var terminal: any TerminalIO
    /// Where system events (signals) come from.
    public var events: any ContainerEventSource
    /// Where deadlines come from.
    public var clock: any DeadlineClock
    /// What stops the process after the background callbacks.
    public var process: any ProcessControl
    /// Where the container logs each event, stage and failure (label it for the host).
    public var logger: Logger
    /// Where usage events and failures are reported (the seed's `logMonitor` / `logError`):
    /// the launch, each micro-app started, and what micro-apps report through
    /// ``ContainerContext/usage``. Silent unless the host gives its live monitor.
    public var usage: any UsageMonitor = SilentUsageMonitor()

    /// Creates an environment from its parts.
    public init(
        terminal: any TerminalIO, events: any ContainerEventSource, clock: any DeadlineClock,
        process: any ProcessControl, logger: Logger
    ) {
        self.terminal = terminal
        self.events = events
        self.clock = clock
        self.process = process
        self.logger = logger
    }

    /// The real environment: Linux signals through `DispatchSourceSignal`, the continuous clock,
    /// SIGSTOP for a real stop, and standard input and output.
    ///
    /// With `interactive` false (a scripted run, a daemon) nothing is drawn and no input is
    /// read: the container then runs until a signal or a quit ends it. Interactive on a tty,
    /// the container runs full screen (``TerminalIO/isFullScreen``): the alternate screen,
    /// each screen redrawn whole and cut to the window, redrawn on SIGWINCH, a status line;
    /// standard error, when it is the same terminal, is appended to `diagnosticsLog` (or
    /// dropped when `nil`) until the terminal is restored, so log lines never land on the screen.
    ///
    /// - Important: The signal source ignores SIGTSTP, SIGCONT, SIGTERM, SIGINT, SIGUSR1 and
    ///   SIGHUP's default actions for the whole process once the container runs; when
    ///   `interactive`, from the moment this environment is made, and the boot waits until the
    ///   handlers are registered before it draws the Launcher (a signal sent once it shows is
    ///   handled, never lost nor fatal).
    public static func live(logger: Logger, interactive: Bool, diagnosticsLog: String? = nil) -> ContainerEnvironment {
        ContainerEnvironment(
            terminal: StandardTerminal(interactive: interactive, diagnosticsLog: diagnosticsLog),
            events: SignalEventSource(installingNow: interactive),
            clock: ContinuousDeadlineClock(),
            process: SignalProcessControl(),
            logger: logger)
    }
}
