import StrataContainer
import Synchronization

/// The Notifications micro-app's companion service: listens from boot to the remote and local
/// notifications the container broadcasts and keeps them for the Notifications screen.
///
/// Declared as a service (`{ "name": "inbox", "class": "NotificationInbox" }`) started at boot
/// (an `[AUTOSTART]` group) and registered through ``NotificationsApp``.
final class NotificationInbox: StrataService, ContainerListener {
    /// One notification received while the host runs.
    struct Entry: Sendable, Hashable {
        /// `remote` (recorded by strata-notifyd) or `local` (a follow-up fell due).
        var origin: String
        /// What was posted.
        var payload: NotificationPayload
    }

    private let received = Mutex<[Entry]>([])
    private let token = Mutex<ListenerToken?>(nil)

    /// An empty inbox.
    init() {}

    /// Starts listening to the container's broadcasts.
    func start(context: any ContainerContext) async throws {
        let added = await context.addListener(self)
        token.withLock { $0 = added }
    }

    /// Keeps remote and local notifications; ignores every other broadcast.
    func receive(_ broadcast: Broadcast) async {
        switch broadcast {
        case .remoteNotification(let payload): received.withLock { $0.append(Entry(origin: "remote", payload: payload)) }
        case .localNotification(let payload): received.withLock { $0.append(Entry(origin: "local", payload: payload)) }
        default: break
        }
    }

    /// The notifications received so far, newest first.
    var entries: [Entry] { received.withLock { $0.reversed() } }
}
