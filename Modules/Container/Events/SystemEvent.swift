#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An event from the operating system, as the container sees it.
///
/// A ``ContainerEventSource`` produces these; the real one maps Linux signals (see
/// ``SystemEvent/init(signal:)``), a test one is driven by hand. The container answers each
/// with the app hooks and micro-app callbacks described on each case.
public enum SystemEvent: Sendable, Hashable {
    /// SIGTSTP (Ctrl-Z): will resign active, then did enter background, then the process
    /// really stops (SIGSTOP) until it is continued.
    case suspend
    /// SIGCONT: will enter foreground, then did become active.
    case resume
    /// SIGTERM, SIGINT or a quit request: will terminate, then the shutdown within the deadline.
    case terminate(TerminationReason)
    /// SIGUSR1: did receive memory warning.
    case memoryWarning
    /// SIGHUP: reload (re-read settings); a Linux event with no seed counterpart.
    case reload

    /// The event a Linux signal stands for, or `nil` for a signal the container does not handle.
    ///
    /// SIGTSTP → ``suspend``, SIGCONT → ``resume``, SIGTERM → ``terminate(_:)`` (`.terminateSignal`),
    /// SIGINT → ``terminate(_:)`` (`.interrupt`), SIGUSR1 → ``memoryWarning``, SIGHUP → ``reload``.
    public init?(signal: Int32) {
        switch signal {
        case SignalNumbers.suspend: self = .suspend
        case SignalNumbers.resume: self = .resume
        case SignalNumbers.terminate: self = .terminate(.terminateSignal)
        case SignalNumbers.interrupt: self = .terminate(.interrupt)
        case SignalNumbers.memoryWarning: self = .memoryWarning
        case SignalNumbers.reload: self = .reload
        default: return nil
        }
    }
}

/// Why the process is ending.
public enum TerminationReason: String, Sendable, Hashable, Codable {
    /// SIGTERM (e.g. `kill`, a service manager stopping the host).
    case terminateSignal
    /// SIGINT (Ctrl-C in the terminal).
    case interrupt
    /// A quit asked for from inside: a screen's `quit`, the Launcher exiting, end of input.
    ///
    /// - Important: A quit asked through `ContainerContext.requestQuit()` (a screen's `quit`,
    ///   leaving the Launcher) first asks every micro-app's `shouldTerminate`, and a veto cancels
    ///   it. End of input and signals cannot be vetoed.
    case quit
}

/// The signals the container listens to, by libc's names (`SIGTSTP`, …): the numbers differ
/// between platforms, so none is written out here.
public enum SignalNumbers {
    /// SIGHUP: reload.
    public static let reload: Int32 = SIGHUP
    /// SIGINT: terminate (interrupt).
    public static let interrupt: Int32 = SIGINT
    /// SIGUSR1: memory warning.
    public static let memoryWarning: Int32 = SIGUSR1
    /// SIGTERM: terminate.
    public static let terminate: Int32 = SIGTERM
    /// SIGCONT: resume (enter foreground).
    public static let resume: Int32 = SIGCONT
    /// SIGSTOP: the uncatchable stop the container sends itself after the background callbacks.
    public static let stop: Int32 = SIGSTOP
    /// SIGTSTP: suspend (enter background).
    public static let suspend: Int32 = SIGTSTP
    /// Every signal the container turns into a ``SystemEvent``.
    public static let handled: [Int32] = [reload, interrupt, memoryWarning, terminate, resume, suspend]
}
