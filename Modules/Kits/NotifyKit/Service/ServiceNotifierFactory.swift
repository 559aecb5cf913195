public import Logging

/// The way in to the ``ServiceNotifier`` implementations: the composition root picks one.
public enum ServiceNotifierFactory {
    /// systemd's notification socket through libsystemd's `sd_notify` when `environment` names
    /// one (`NOTIFY_SOCKET`: a `Type=notify` unit started the process), else a
    /// ``SilentServiceNotifier``. The watchdog interval is `WATCHDOG_USEC`'s, when systemd set it
    /// for this process (`sd_watchdog_enabled`).
    ///
    /// - Parameters:
    ///   - environment: The process environment (libsystemd reads the same variables from it).
    ///   - logger: Where a message the socket refused is logged (once per kind of message).
    public static func systemd(environment: [String: String], logger: Logger) -> any ServiceNotifier {
        guard environment["NOTIFY_SOCKET"]?.isEmpty == false else { return SilentServiceNotifier() }
        return SystemdNotifier(logger: logger)
    }
}
