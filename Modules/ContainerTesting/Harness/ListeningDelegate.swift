import Foundation
import StrataContainer

/// Wraps an app delegate so a listener is added in `beforeDidFinishLaunching`, then forwards
/// every hook unchanged.
struct ListeningDelegate: ContainerAppDelegate {
    let inner: RecordingAppDelegate
    let listener: RecordingListener

    func beforeDidFinishLaunching(options: [String: String], context: any ContainerContext) async {
        await context.addListener(listener)
        await inner.beforeDidFinishLaunching(options: options, context: context)
    }
    func handleDidFinishLaunching(options: [String: String], context: any ContainerContext) async -> CallbackResult {
        await inner.handleDidFinishLaunching(options: options, context: context)
    }
    func afterDidFinishLaunching(options: [String: String], context: any ContainerContext) async {
        await inner.afterDidFinishLaunching(options: options, context: context)
    }
    func didBecomeActive(context: any ContainerContext) async -> CallbackResult {
        await inner.didBecomeActive(context: context)
    }
    func willResignActive(context: any ContainerContext) async -> CallbackResult {
        await inner.willResignActive(context: context)
    }
    func didEnterBackground(context: any ContainerContext) async -> CallbackResult {
        await inner.didEnterBackground(context: context)
    }
    func willEnterForeground(context: any ContainerContext) async -> CallbackResult {
        await inner.willEnterForeground(context: context)
    }
    func willTerminate(reason: TerminationReason, context: any ContainerContext) async -> CallbackResult {
        await inner.willTerminate(reason: reason, context: context)
    }
    func didReceiveMemoryWarning(context: any ContainerContext) async -> CallbackResult {
        await inner.didReceiveMemoryWarning(context: context)
    }
    func didReceiveReload(context: any ContainerContext) async -> CallbackResult {
        await inner.didReceiveReload(context: context)
    }
    func open(url: URL, newURL: inout URL?, source: String?, context: any ContainerContext) async -> CallbackResult {
        await inner.open(url: url, newURL: &newURL, source: source, context: context)
    }
    func didReceiveRemoteNotification(_ notification: NotificationPayload, context: any ContainerContext) async
        -> CallbackResult { await inner.didReceiveRemoteNotification(notification, context: context) }
    func handleAction(identifier: String, notification: NotificationPayload, context: any ContainerContext) async
        -> CallbackResult { await inner.handleAction(identifier: identifier, notification: notification, context: context) }
    func didReceiveLocalNotification(_ notification: NotificationPayload, context: any ContainerContext) async
        -> CallbackResult { await inner.didReceiveLocalNotification(notification, context: context) }
    func didRegisterForRemoteNotifications(deviceToken: Data, context: any ContainerContext) async -> CallbackResult {
        await inner.didRegisterForRemoteNotifications(deviceToken: deviceToken, context: context)
    }
    func didFailToRegisterForRemoteNotifications(error: ContainerError, context: any ContainerContext) async
        -> CallbackResult { await inner.didFailToRegisterForRemoteNotifications(error: error, context: context) }
    func performFetch(completion: BackgroundFetchCompletion, context: any ContainerContext) async {
        await inner.performFetch(completion: completion, context: context)
    }
}
