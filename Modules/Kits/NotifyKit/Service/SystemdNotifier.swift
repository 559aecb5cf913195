import CSystemd
import Logging
import StrataCrossCutting
import Synchronization

/// ``ServiceNotifier`` on libsystemd's `sd_notify(3)`: one datagram to `$NOTIFY_SOCKET` per
/// message. The send is one non-waiting `sendmsg` on a local socket (microseconds), so it runs
/// where the daemon loop is rather than on a queue of its own.
final class SystemdNotifier: ServiceNotifier {
    let logger: Logger
    let watchdogInterval: Duration?
    /// The messages whose failure has been logged already (once each, not once per ping).
    private let failuresLogged = Mutex(Set<ServiceState>())

    init(logger: Logger) {
        self.logger = logger
        var microseconds: UInt64 = 0
        // > 0: systemd asked this very process (WATCHDOG_PID, when set, is ours) for pings.
        if sd_watchdog_enabled(0, &microseconds) > 0, microseconds > 0 {
            watchdogInterval = .microseconds(Int64(clamping: microseconds))
        } else {
            watchdogInterval = nil
        }
    }

    func notify(_ state: ServiceState) {
        let result = sd_notify(0, state.rawValue)
        guard result < 0 else { return }
        let first = failuresLogged.withLock { $0.insert(state).inserted }
        guard first else { return }
        let message = localized(
            "cannot tell systemd \(state.rawValue) (sd_notify error \(-result)); the daemon goes on",
            ja: "systemd に \(state.rawValue) を伝えられません（sd_notify エラー \(-result)）。デーモンは動作を続けます")
        logger.warning("\(message)")
    }
}
