public import Foundation

/// The defaults: do nothing and let the framework go on (`continue`), as the seed's
/// `DTFrameworkInterface` does when a category overrides nothing.
extension ContainerAppDelegate {
    /// Does nothing.
    public func beforeDidFinishLaunching(options: [String: String], context: any ContainerContext) async {}
    /// `continue`: run the BootLoader.
    public func handleDidFinishLaunching(options: [String: String], context: any ContainerContext) async
        -> CallbackResult { .continue }
    /// Does nothing.
    public func afterDidFinishLaunching(options: [String: String], context: any ContainerContext) async {}
    /// `continue`.
    public func didBecomeActive(context: any ContainerContext) async -> CallbackResult { .continue }
    /// `continue`.
    public func willResignActive(context: any ContainerContext) async -> CallbackResult { .continue }
    /// `continue`.
    public func didEnterBackground(context: any ContainerContext) async -> CallbackResult { .continue }
    /// `continue`.
    public func willEnterForeground(context: any ContainerContext) async -> CallbackResult { .continue }
    /// `continue`.
    public func willTerminate(reason: TerminationReason, context: any ContainerContext) async -> CallbackResult {
        .continue
    }
    /// `continue`.
    public func didReceiveMemoryWarning(context: any ContainerContext) async -> CallbackResult { .continue }
    /// `continue`.
    public func didReceiveReload(context: any ContainerContext) async -> CallbackResult { .continue }
    /// `continue` with the URL unchanged.
    public func open(url: URL, newURL: inout URL?, source: String?, context: any ContainerContext) async
        -> CallbackResult { .continue }
    /// `continue`.
    public func didReceiveRemoteNotification(_ notification: NotificationPayload, context: any ContainerContext)
        async -> CallbackResult { .continue }
    /// `continue`.
    public func didReceiveLocalNotification(_ notification: NotificationPayload, context: any ContainerContext)
        async -> CallbackResult { .continue }
    /// `continue`: the Notifications micro-app performs the action.
    public func handleAction(identifier: String, notification: NotificationPayload, context: any ContainerContext)
        async -> CallbackResult { .continue }
    /// `continue`.
    public func didRegisterForRemoteNotifications(deviceToken: Data, context: any ContainerContext) async
        -> CallbackResult { .continue }
    /// `continue`.
    public func didFailToRegisterForRemoteNotifications(error: ContainerError, context: any ContainerContext)
        async -> CallbackResult { .continue }
    /// Completes at once with `noData`.
    public func performFetch(completion: BackgroundFetchCompletion, context: any ContainerContext) async {
        completion.complete(.noData)
    }
}

/// An app delegate that overrides nothing: every hook goes on.
public struct DefaultAppDelegate: ContainerAppDelegate {
    /// Creates the delegate.
    public init() {}
}
