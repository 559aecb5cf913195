/// What the daemon tells the service manager that started it about its life: systemd's
/// `Type=notify` protocol (`READY=1`, `WATCHDOG=1`, `STOPPING=1`) behind a protocol, so the
/// daemon loop is tested with a recording double and the host picks the real one
/// (``ServiceNotifierFactory/systemd(environment:logger:)``).
public protocol ServiceNotifier: Sendable {
    /// How often the service manager expects a ``ServiceState/watchdog`` ping at the latest
    /// (systemd's `WatchdogSec=`, read from `WATCHDOG_USEC`); `nil` when it expects none. The
    /// daemon pings at half this interval.
    var watchdogInterval: Duration? { get }

    /// Tells the service manager `state`. Never throws and never waits for an answer: a
    /// service manager that is gone is no reason to stop delivering notifications.
    func notify(_ state: ServiceState)
}

/// One message to the service manager.
public enum ServiceState: String, Sendable, Hashable, CaseIterable {
    /// Start-up is done: the inbox is open and watched (`READY=1`).
    case ready = "READY=1"
    /// The run loop is alive (`WATCHDOG=1`).
    case watchdog = "WATCHDOG=1"
    /// A graceful shutdown has begun: the file in hand finishes, then the daemon exits (`STOPPING=1`).
    case stopping = "STOPPING=1"
}

/// The notifier for a daemon no service manager watches (a terminal, a test): says nothing.
public struct SilentServiceNotifier: ServiceNotifier {
    /// A notifier that says nothing.
    public init() {}

    /// `nil`: nobody expects a ping.
    public var watchdogInterval: Duration? { nil }

    /// Does nothing.
    public func notify(_ state: ServiceState) {}
}
