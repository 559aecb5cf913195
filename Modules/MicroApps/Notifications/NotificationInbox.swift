public import StrataContainer
import Synchronization

/// The Notifications micro-app's companion service: listens from boot to the remote and local
/// notifications the container broadcasts and keeps them for the Notifications screen.
///
/// Declare it as a service (`{ "name": "inbox", "class": "NotificationInbox" }`) started at boot
/// (an `[AUTOSTART]` group) and register it with
/// `registry.registerService(type: NotificationInbox.typeName) { _ in NotificationInbox() }`.
public final class NotificationInbox: StrataService, ContainerListener {
    /// The type name the host registers it under.
    public static let typeName = "NotificationInbox"
    /// The service name the Notifications micro-app looks it up by.
    public static let serviceName = "inbox"

    /// One notification received while the host runs.
    public struct Entry: Sendable, Hashable {
        /// `remote` (recorded by strata-notifyd) or `local` (a follow-up fell due).
        public var origin: String
        /// What was posted.
        public var payload: NotificationPayload
    }

    private let received = Mutex<[Entry]>([])
    private let token = Mutex<ListenerToken?>(nil)

    /// An empty inbox.
    public init() {}

    /// Starts listening to the container's broadcasts.
    public func start(context: any ContainerContext) async throws {
        let added = await context.addListener(self)
        token.withLock { $0 = added }
    }

    /// Keeps remote and local notifications; ignores every other broadcast.
    public func receive(_ broadcast: Broadcast) async {
        switch broadcast {
        case .remoteNotification(let payload): received.withLock { $0.append(Entry(origin: "remote", payload: payload)) }
        case .localNotification(let payload): received.withLock { $0.append(Entry(origin: "local", payload: payload)) }
        default: break
        }
    }

    /// The notifications received so far, newest first.
    public var entries: [Entry] { received.withLock { $0.reversed() } }
}
