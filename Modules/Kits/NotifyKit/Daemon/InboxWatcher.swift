import Logging
import ServiceLifecycle
import Synchronization

/// The daemon's inbox as a swift-service-lifecycle `Service`: drains `new/` once (`--once`),
/// or watches it until the group shuts down gracefully.
///
/// Graceful shutdown (SIGTERM, SIGINT, ``NotifyDaemon/requestStop()``) marks the daemon
/// stopped: the processor finishes the file in hand, asks before the next one, and stops.
final class InboxWatcher: Service, CustomStringConvertible {
    private let daemon: NotifyDaemon
    /// Drain once and end instead of watching.
    private let once: Bool
    private let result = Mutex<Int32>(0)

    init(daemon: NotifyDaemon, once: Bool) {
        self.daemon = daemon
        self.once = once
    }

    /// The exit status of the work once ``run()`` has returned: ``NotifyDaemon/drainOnce()``'s, or 0.
    var status: Int32 { result.withLock { $0 } }

    var description: String { "inbox" }

    func run() async {
        let daemon = self.daemon
        await withGracefulShutdownHandler {
            if once {
                let status = await daemon.drainOnce()
                result.withLock { $0 = status }
            } else {
                await daemon.watch()
            }
        } onGracefulShutdown: {
            daemon.logger.info("stopping after the file in hand")
            daemon.markStopRequested()
        }
    }
}
