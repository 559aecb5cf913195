public import Foundation

/// The host's hooks into the process lifecycle: the seed's `DTFrameworkInterface`.
///
/// The framework owns the process (``StrataFramework/run(delegate:configuration:registry:environment:launchOptions:)``)
/// and calls these hooks *before* its own work for each event; each returns a ``CallbackResult``
/// saying whether the framework goes on (broadcast to listeners, follow-up) or stops. Every hook
/// has a default (go on), so a host implements only what it needs.
///
/// Launch runs: ``beforeDidFinishLaunching(options:context:)`` →
/// ``handleDidFinishLaunching(options:context:)`` → the BootLoader →
/// ``afterDidFinishLaunching(options:context:)`` → broadcast `didFinishLaunching` →
/// ``didBecomeActive(context:)``.
///
/// | hook | Linux trigger | after `continue` |
/// |---|---|---|
/// | ``willResignActive(context:)``, ``didEnterBackground(context:)`` | SIGTSTP | broadcast; then the process stops (always) |
/// | ``willEnterForeground(context:)``, ``didBecomeActive(context:)`` | SIGCONT | broadcast |
/// | ``willTerminate(reason:context:)`` | SIGTERM, SIGINT, quit | broadcast; then shutdown (always) |
/// | ``didReceiveMemoryWarning(context:)`` | SIGUSR1 | broadcast |
/// | ``didReceiveReload(context:)`` | SIGHUP | broadcast |
/// | ``open(url:newURL:source:context:)`` | `RunningContainer.open` | route (the new URL if set) through the scheme handlers |
/// | ``didReceiveRemoteNotification(_:context:)`` | `RunningContainer.postRemoteNotification` | broadcast |
/// | ``didReceiveLocalNotification(_:context:)`` | `RunningContainer.postLocalNotification` | broadcast |
/// | ``handleAction(identifier:notification:context:)`` | a notification's action on the desktop (`strata://notifications/<id>/open?action=…`) | the Notifications micro-app marks it read and opens its report |
/// | ``didRegisterForRemoteNotifications(deviceToken:context:)`` | `RunningContainer.registerDeviceToken` | broadcast |
/// | ``didFailToRegisterForRemoteNotifications(error:context:)`` | `RunningContainer.failDeviceRegistration` | nothing more (as in the seed) |
/// | ``performFetch(completion:context:)`` | the fetch interval | — (call the completion within 30 s) |
public protocol ContainerAppDelegate: Sendable {
    /// Called first at launch, before any framework work; services are not started yet.
    func beforeDidFinishLaunching(options: [String: String], context: any ContainerContext) async
    /// Lets the host take over launch, before the BootLoader.
    ///
    /// ``CallbackResult/continue`` (the default) runs the BootLoader. ``CallbackResult/returnYes``
    /// or ``CallbackResult/return`` ends the run at once with exit code 0, ``CallbackResult/returnNo``
    /// with exit code 1: the BootLoader, the after hook and the event loop never run (e.g. a
    /// subcommand the host answered by itself). A terminal process has no system run loop to
    /// return to, so returning to the system means exiting.
    func handleDidFinishLaunching(options: [String: String], context: any ContainerContext) async -> CallbackResult
    /// Called after the BootLoader, when the Launcher is on screen.
    func afterDidFinishLaunching(options: [String: String], context: any ContainerContext) async
    /// The process became active (end of launch; SIGCONT after will-enter-foreground).
    func didBecomeActive(context: any ContainerContext) async -> CallbackResult
    /// The process will resign active (SIGTSTP, first step).
    func willResignActive(context: any ContainerContext) async -> CallbackResult
    /// The process entered the background (SIGTSTP, second step); it stops right after.
    func didEnterBackground(context: any ContainerContext) async -> CallbackResult
    /// The process will enter the foreground (SIGCONT, first step).
    func willEnterForeground(context: any ContainerContext) async -> CallbackResult
    /// The process will terminate; the shutdown follows whatever this returns.
    func willTerminate(reason: TerminationReason, context: any ContainerContext) async -> CallbackResult
    /// Memory is short (SIGUSR1).
    func didReceiveMemoryWarning(context: any ContainerContext) async -> CallbackResult
    /// Reload settings (SIGHUP). A Linux event with no seed counterpart.
    func didReceiveReload(context: any ContainerContext) async -> CallbackResult
    /// A URL is to be opened. Set `newURL` and return ``CallbackResult/continue`` to have the
    /// framework route the new URL instead; ``CallbackResult/returnYes`` /
    /// ``CallbackResult/returnNo`` answer handled / not handled without routing.
    func open(url: URL, newURL: inout URL?, source: String?, context: any ContainerContext) async -> CallbackResult
    /// A remote notification arrived; `continue` broadcasts it to listeners.
    func didReceiveRemoteNotification(_ notification: NotificationPayload, context: any ContainerContext) async
        -> CallbackResult
    /// A local notification fell due; `continue` broadcasts it to listeners.
    func didReceiveLocalNotification(_ notification: NotificationPayload, context: any ContainerContext) async
        -> CallbackResult
    /// The user chose the action `identifier` on a notification shown outside the host (the
    /// seed's `application(_:handleActionWithIdentifier:forRemoteNotification:completionHandler:)`):
    /// on Linux, the **Open** button of a desktop notification strata-notifyd showed, which
    /// reaches the host as `strata://notifications/<id>/open?action=<identifier>` (or `…/read?…`).
    /// `notification` names the notification (its ``NotificationPayload/identifier``) and
    /// carries `userInfo["route"]` (`open` or `read`).
    ///
    /// ``CallbackResult/continue`` (the default) lets the Notifications micro-app act: mark it
    /// read and, for `open`, show the report it names. Any other result means the host handled
    /// the action itself, and nothing more happens.
    func handleAction(identifier: String, notification: NotificationPayload, context: any ContainerContext) async
        -> CallbackResult
    /// Registration for remote notifications succeeded; `continue` broadcasts the token.
    func didRegisterForRemoteNotifications(deviceToken: Data, context: any ContainerContext) async -> CallbackResult
    /// Registration for remote notifications failed; the framework does nothing more either way.
    func didFailToRegisterForRemoteNotifications(error: ContainerError, context: any ContainerContext) async
        -> CallbackResult
    /// A background fetch is due. Call `completion` exactly once within 30 s; a later call is
    /// ignored, and at the deadline the framework completes the fetch as `timedOut`.
    ///
    /// - Important: The seed's default is empty (iOS then kills the app after 30 s). Here the
    ///   default completes at once with `noData`, so a host without fetch work never times out.
    func performFetch(completion: BackgroundFetchCompletion, context: any ContainerContext) async
}
