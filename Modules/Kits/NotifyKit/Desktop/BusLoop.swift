import CSystemd
import Glibc
import Logging
import StrataCrossCutting
import StrataDomain

/// The desktop link's thread: the session bus connection and everything done on it. Lives and
/// dies on that one thread (not `Sendable`); the bus's signal handler reaches it through the
/// `userdata` pointer while ``run(address:mailbox:notifications:opener:logger:started:)`` runs.
///
/// - `ActionInvoked` with `default` or `open` on a notification it showed: opens the
///   notification's URL with `?action=<key>` through `xdg-open` (``URLOpener``); strata-host's
///   URL routing runs its `handleAction` hook, then marks it read and shows the report. Then
///   it closes the bubble (`CloseNotification`): a server such as dunst leaves it on screen
///   after an action.
/// - `NotificationClosed` with reason 2 (the user dismissed it): marks it read in the store.
/// - Anything else (another reason, an id it did not show, a signal with unexpected
///   arguments) is ignored; nothing a signal carries can crash the daemon.
final class BusLoop {
    /// `NotificationClosed`'s reason for "dismissed by the user".
    static let dismissedByUser: UInt32 = 2

    private let bus: SessionBus
    private let mailbox: DesktopMailbox
    private let notifications: any NotificationService
    private let opener: URLOpener
    private let logger: Logger
    private var shown = DesktopIdMap()
    private var notifyFailed = false

    private init(
        bus: SessionBus, mailbox: DesktopMailbox, notifications: any NotificationService, opener: URLOpener,
        logger: Logger
    ) {
        self.bus = bus
        self.mailbox = mailbox
        self.notifications = notifications
        self.opener = opener
        self.logger = logger
    }

    /// The thread's body: connect, report through `started` (the server's name, or why not),
    /// then serve until the mailbox is closed.
    static func run(
        address: String, mailbox: DesktopMailbox, notifications: any NotificationService, opener: URLOpener,
        logger: Logger, started: (Result<String, SessionBus.Failure>) -> Void
    ) {
        defer { mailbox.finish() }
        let bus: SessionBus
        let server: String
        do {
            bus = try SessionBus(address: address)
        } catch {
            started(.failure(SessionBus.Failure(description: localized(
                "cannot connect to the session bus at \(address): \(error)",
                ja: "セッションバス \(address) に接続できません: \(error)"))))
            return
        }
        do {
            server = try bus.serverInformation()
        } catch {
            started(.failure(SessionBus.Failure(description: localized(
                "no notification server answers on the session bus (\(error))",
                ja: "セッションバスで通知サーバーが応答しません（\(error)）"))))
            return
        }
        let loop = BusLoop(bus: bus, mailbox: mailbox, notifications: notifications, opener: opener, logger: logger)
        let userdata = Unmanaged.passUnretained(loop).toOpaque()
        do {
            try bus.listen(handler: signalHandler, userdata: userdata)
        } catch {
            started(.failure(error))
            return
        }
        started(.success(server))
        withExtendedLifetime(loop) { loop.serve() }
    }

    /// The C callback for both signals: hands the message to the loop `userdata` points to.
    private static let signalHandler: sd_bus_message_handler_t = { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        Unmanaged<BusLoop>.fromOpaque(userdata).takeUnretainedValue().received(message)
        return 0
    }

    /// Shows what the mailbox holds and handles signals until the mailbox is closed.
    private func serve() {
        var alive = true
        while true {
            let (pending, closing) = mailbox.take()
            if alive {
                for content in pending where !show(content) && closing {
                    // Shutting down with a server that does not answer (each call may wait
                    // SessionBus.callTimeout): drop the rest, whose lines are already printed,
                    // rather than outlast the service manager's stop timeout.
                    logger.debug("desktop: \(pending.count) notifications not shown at shutdown")
                    break
                }
            }
            if closing { return }
            if alive && !bus.process() {
                alive = false
                logger.error("\(localized("the session bus connection is lost: desktop notifications stop; lines go on", ja: "セッションバスとの接続が切れました。デスクトップ通知は止まり、行の出力は続きます"))")
            }
            var descriptors = [pollfd(fd: mailbox.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
            var timeout: Int32 = -1
            if alive {
                let request = bus.pollRequest()
                descriptors.append(pollfd(fd: request.descriptor, events: request.events, revents: 0))
                timeout = request.timeout
            }
            _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
            mailbox.drainWake()
        }
    }

    /// `Notify` for one notification; a failure is logged (the first at warning, later ones at
    /// debug). Returns whether the server showed it.
    @discardableResult
    private func show(_ content: DesktopContent) -> Bool {
        do {
            let id = try bus.notify(content)
            shown.remember(id, DesktopIdMap.Entry(notificationId: content.notificationId, url: content.url))
            logger.debug("shown on the desktop", metadata: ["id": "\(content.notificationId)", "server-id": "\(id)"])
            return true
        } catch {
            let message = "cannot show notification \(content.notificationId) on the desktop: \(error)"
            if notifyFailed { logger.debug("\(message)") } else { logger.warning("\(message)") }
            notifyFailed = true
            return false
        }
    }

    /// One signal from the notification server.
    private func received(_ message: OpaquePointer) {
        guard let member = sd_bus_message_get_member(message).map({ String(cString: $0) }) else { return }
        switch member {
        case "ActionInvoked":
            guard sd_bus_message_has_signature(message, "us") > 0, let id = SessionBus.readUInt32(message),
                let key = SessionBus.readString(message)
            else { return }
            actionInvoked(id, key: key)
        case "NotificationClosed":
            guard sd_bus_message_has_signature(message, "uu") > 0, let id = SessionBus.readUInt32(message),
                let reason = SessionBus.readUInt32(message)
            else { return }
            closed(id, reason: reason)
        default:
            return
        }
    }

    /// **Open** (or a click on the notification): opens its URL, where strata-host marks it
    /// read, and closes the bubble.
    private func actionInvoked(_ id: UInt32, key: String) {
        guard key == "default" || key == "open", let entry = shown.take(id) else { return }
        // The key tells strata-host it is a notification's action (its handleAction hook runs first).
        let url = "\(entry.url)?action=\(key)"
        logger.info("open action", metadata: ["id": "\(entry.notificationId)", "url": "\(url)"])
        opener.open(url)
        // Acted on: the bubble goes (its NotificationClosed, reason 3, finds no entry left).
        do {
            try bus.close(id)
        } catch {
            logger.debug("cannot close notification \(entry.notificationId) on the desktop: \(error)")
        }
    }

    /// Closed: dismissed by the user marks it read; expired or closed otherwise leaves it unread.
    private func closed(_ id: UInt32, reason: UInt32) {
        guard let entry = shown.take(id), reason == Self.dismissedByUser else { return }
        let notifications = self.notifications
        let logger = self.logger
        Task {
            do {
                _ = try await notifications.markRead(notificationId: entry.notificationId)
                logger.info("dismissed on the desktop: marked read", metadata: ["id": "\(entry.notificationId)"])
            } catch {
                logger.warning("dismissed on the desktop, but cannot mark \(entry.notificationId) read: \(error)")
            }
        }
    }
}
