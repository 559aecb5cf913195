public import Foundation
public import StrataCrossCutting

/// The control centre of the container (the seed's `DTContext`): start and find micro-apps,
/// find, register and unregister services, listen to broadcasts.
///
/// Every micro-app callback, service callback, app hook and screen gets the context. It is
/// thread-safe (an actor behind this protocol): call it from any task.
///
/// - Important: Calls are re-entrant. A callback may start another app or look up a service;
///   a lazy service that looks itself up in its own `start` waits forever.
public protocol ContainerContext: Sendable {
    // MARK: Micro-apps

    /// Starts the micro-app `name` with `params`, placed on the stack as `launchMode` says.
    ///
    /// - Returns: the instance now on top.
    /// - Throws: ``ContainerError`` `unknownApplication`, `multipleInstancesNotAllowed`,
    ///   `terminationVetoed` (``LaunchMode/replaceTop`` whose top vetoed), `notRunning`.
    @discardableResult
    func startApplication(_ name: String, params: [String: String], launchMode: LaunchMode) async throws
        -> MicroApplication
    /// The newest instance of `name` on the stack (searched from the top), or `nil`.
    func findApplication(_ name: String) async -> MicroApplication?
    /// The instance on top of the stack: the one the person sees.
    var currentApplication: MicroApplication? { get async }
    /// Every instance on the stack, bottom (the Launcher) first.
    var applicationStack: [MicroApplication] { get async }
    /// Exits `application`: asks `shouldTerminate`, then will-terminate, then destroys it and
    /// resumes the app below. Exiting the last app (the Launcher) quits the host.
    ///
    /// - Returns: `false` when the app vetoed (it stays) or is not on the stack.
    @discardableResult
    func exitApplication(_ application: MicroApplication, animated: Bool) async -> Bool
    /// Pushes another screen of `application` (it shows when that app is on top).
    func push(_ screen: any TextScreen, for application: MicroApplication) async
    /// Every micro-app the configuration declares, in declaration order (what a Launcher lists).
    var declaredApplications: [ApplicationDescriptor] { get async }

    // MARK: Services

    /// The service `name`, creating and starting it (and its dependencies) if it is lazy and
    /// this is its first lookup; `nil` when there is none or it failed to start.
    func findService(_ name: String) async -> (any StrataService)?
    /// Like ``findService(_:)`` but says why not: unknown name, failed start, wrong type.
    func service<Service: Sendable>(_ name: String, as type: Service.Type) async throws -> Service
    /// Registers a created, ready service under `name` (no `didCreate` / `start` calls).
    ///
    /// - Returns: `false` when a service of that name is already declared or registered.
    @discardableResult
    func registerService(_ service: any StrataService, name: String) async -> Bool
    /// Removes the service `name`, calling its `willDestroy` if it was created.
    func unregisterService(_ name: String) async

    // MARK: Broadcasts and process

    /// Adds a listener for the framework's broadcasts.
    @discardableResult
    func addListener(_ listener: any ContainerListener) async -> ListenerToken
    /// Removes a listener.
    func removeListener(_ token: ListenerToken) async
    /// Posts a remote notification (e.g. a service saw one `strata-notifyd` recorded): the app
    /// hook first, then, on `continue`, the broadcast to listeners.
    @discardableResult
    func postRemoteNotification(_ notification: NotificationPayload) async -> CallbackResult
    /// Posts a local notification (e.g. a service saw a follow-up fall due): the app hook first,
    /// then, on `continue`, the broadcast to listeners.
    @discardableResult
    func postLocalNotification(_ notification: NotificationPayload) async -> CallbackResult
    /// A notification's action chosen outside the host (the desktop's **Open**): the app's
    /// ``ContainerAppDelegate/handleAction(identifier:notification:context:)`` hook; its result
    /// says whether the caller (the Notifications micro-app) goes on (`continue`) or the host
    /// handled it.
    func performNotificationAction(_ identifier: String, notification: NotificationPayload) async -> CallbackResult
    /// Reports a successful registration for remote notifications (e.g. the host's login-state
    /// service saw the sync engine register the device): the did-register hook, then, on `continue`,
    /// the broadcast of the token.
    @discardableResult
    func registerDeviceToken(_ deviceToken: Data) async -> CallbackResult
    /// Reports a failed registration for remote notifications: the did-fail hook only.
    @discardableResult
    func failDeviceRegistration(_ error: ContainerError) async -> CallbackResult
    /// Broadcasts a sign-in or sign-out to every listener (the host's login-state service does).
    func postSessionChange(_ change: SessionChange) async
    /// Asks the host to quit, as if the person typed quit: micro-apps may veto.
    ///
    /// - Returns: `false` when a micro-app vetoed.
    @discardableResult
    func requestQuit() async -> Bool
    /// Draws the screen on top again from fresh data, as after a typed line (the screen renders
    /// anew: a list reads the store again), without anything typed: for services that see the
    /// data change under the screen (strata-host's live changes, pulled from the server). Only a
    /// full-screen terminal redraws (a plain one's screens follow each other as lines); what the
    /// person is typing stays on screen after it, intact. Nothing once shut down.
    func redrawScreen() async
    /// The boot report (empty until the BootLoader has run).
    var bootReport: BootReport { get async }
    /// Opens a URL as ``RunningContainer/open(_:source:)`` does: the open-URL hook first, then
    /// the scheme handlers, then the screen on top is drawn. For services that receive URLs
    /// while the host runs (strata-host's handoff channel for `strata-host open`).
    ///
    /// - Parameter source: who asked (e.g. `strata-host open`), for the open-URL hook.
    /// - Returns: whether a scheme handler took the URL.
    /// - Throws: the error of the scheme handler that failed; `notRunning` once shut down.
    @discardableResult
    func open(_ url: URL, source: String?) async throws -> Bool

    // MARK: Usage

    /// Where micro-apps report usage events and failures (the environment's monitor).
    var usage: any UsageMonitor { get }
}

extension ContainerContext {
    /// Starts `name` with `params`, bringing an existing instance to the top (the default mode).
    @discardableResult
    public func startApplication(_ name: String, params: [String: String] = [:]) async throws -> MicroApplication {
        try await startApplication(name, params: params, launchMode: .bringToTop)
    }
}
