public import Foundation

/// What the framework broadcasts to registered listeners when a hook returns `continue`.
///
/// The seed broadcasts through `NSNotificationCenter` (`UIApplicationDidReceiveRemoteNotification`
/// and friends); here every listener added with ``ContainerContext/addListener(_:)`` receives
/// each broadcast, in the order listeners were added.
public enum Broadcast: Sendable, Hashable {
    /// Launch finished (after `afterDidFinishLaunching`), with the launch options.
    case didFinishLaunching([String: String])
    /// The process became active (after launch and after SIGCONT).
    case didBecomeActive
    /// The process will resign active (SIGTSTP, first step).
    case willResignActive
    /// The process entered the background (SIGTSTP, second step; the process stops next).
    case didEnterBackground
    /// The process will enter the foreground (SIGCONT, first step).
    case willEnterForeground
    /// The process will terminate.
    case willTerminate(TerminationReason)
    /// The process was asked to use less memory (SIGUSR1).
    case memoryWarning
    /// The process was asked to reload its settings (SIGHUP).
    case reload
    /// A remote notification arrived (e.g. one `strata-notifyd` recorded).
    case remoteNotification(NotificationPayload)
    /// A local notification fell due (e.g. a follow-up while the host runs).
    case localNotification(NotificationPayload)
    /// Registration for remote notifications succeeded, with the device token.
    case registeredForRemoteNotifications(deviceToken: Foundation.Data)
    /// Someone signed in or out (posted by the host's login-state service, `session`).
    case session(SessionChange)
}

/// Receives the framework's broadcasts: services and micro-apps add one through the Context.
public protocol ContainerListener: Sendable {
    /// Called once per broadcast, in the order the framework sends them.
    func receive(_ broadcast: Broadcast) async
}

/// The handle for removing a listener added with ``ContainerContext/addListener(_:)``.
public struct ListenerToken: Sendable, Hashable {
    let id: Int
}

/// A notification posted to the container: an identifier, a title, a body and string fields.
public struct NotificationPayload: Sendable, Hashable, Codable {
    /// A stable identifier (e.g. the notification record's id).
    public var identifier: String
    /// A short title.
    public var title: String
    /// The body text.
    public var body: String
    /// Extra fields (the seed's `userInfo`), e.g. the URL of the report it points to.
    public var userInfo: [String: String]

    /// Creates a payload.
    public init(identifier: String, title: String = "", body: String = "", userInfo: [String: String] = [:]) {
        self.identifier = identifier
        self.title = title
        self.body = body
        self.userInfo = userInfo
    }
}
