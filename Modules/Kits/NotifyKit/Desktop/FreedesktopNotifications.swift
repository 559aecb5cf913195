import Foundation
import Logging
import StrataCrossCutting
import StrataDomain

/// ``DesktopNotifications`` on the freedesktop Notifications API (`org.freedesktop.Notifications`
/// on the session bus) through libsystemd's sd-bus.
///
/// One thread of its own owns the connection (sd-bus connections are single-threaded, and
/// `sd_bus_call` waits for the server): it connects, asks the server who it is, subscribes to
/// `ActionInvoked` and `NotificationClosed`, then sleeps in `poll` on the bus and on the
/// ``DesktopMailbox``'s wake-up pipe — a ``show(_:)`` wakes it to call `Notify`; a signal wakes it
/// to handle the action (``BusLoop``). Nothing here ever blocks the cooperative pool.
final class FreedesktopNotifications: DesktopNotifications {
    let serverName: String
    private let mailbox: DesktopMailbox
    private let clock: any StrataClock

    private init(serverName: String, mailbox: DesktopMailbox, clock: any StrataClock) {
        self.serverName = serverName
        self.mailbox = mailbox
        self.clock = clock
    }

    /// Connects to the bus at `address` on a blocking lane of its own and returns once the notification
    /// server answered (or throws why not: no connection, no server).
    static func start(
        address: String, notifications: any NotificationService, clock: any StrataClock, opener: URLOpener,
        logger: Logger
    ) async throws(SessionBus.Failure) -> FreedesktopNotifications {
        let mailbox = DesktopMailbox()
        let started: Result<String, SessionBus.Failure> = await withCheckedContinuation { continuation in
            // The bus loop blocks in `poll` for the daemon's whole life: a lane of its own.
            BlockingLane(label: "strata-desktop-bus").start {
                BusLoop.run(
                    address: address, mailbox: mailbox, notifications: notifications, opener: opener, logger: logger,
                    started: { continuation.resume(returning: $0) })
            }
        }
        let name = try started.get()
        return FreedesktopNotifications(serverName: name, mailbox: mailbox, clock: clock)
    }

    func show(_ record: NotificationRecord) {
        let todayStart = clock.day(containing: clock.now()).start
        mailbox.post(DesktopContent(record, todayStart: todayStart))
    }

    func close() async {
        await mailbox.close()
    }
}
