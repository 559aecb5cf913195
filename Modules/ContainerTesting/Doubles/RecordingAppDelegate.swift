public import Foundation
public import StrataContainer
import Synchronization

/// An app-hooks double: records `hook.<name>` for every hook, answers with the result set for
/// that hook (default `continue`), can rewrite opened URLs, and can hold fetch completions.
public final class RecordingAppDelegate: ContainerAppDelegate {
    /// What the fetch hook does with its completion.
    public enum FetchBehaviour: Sendable {
        /// Completes at once with the result.
        case complete(BackgroundFetchResult)
        /// Completes twice: the second call must be ignored.
        case completeTwice(BackgroundFetchResult, BackgroundFetchResult)
        /// Keeps the completion in ``heldCompletions`` without calling it.
        case hold
    }

    private struct State {
        var results: [String: CallbackResult] = [:]
        var rewrite: [String: String] = [:]
        var fetch = FetchBehaviour.complete(.newData)
        var held: [BackgroundFetchCompletion] = []
        var lateCompletionAccepted: [Bool] = []
    }

    private let recorder: CallbackRecorder
    private let state = Mutex(State())

    /// Creates a delegate that records into `recorder`.
    public init(recorder: CallbackRecorder) {
        self.recorder = recorder
    }

    /// Sets the answer of the hook `hook` (its name without `hook.`, e.g. `didEnterBackground`).
    public func setResult(_ result: CallbackResult, for hook: String) {
        state.withLock { $0.results[hook] = result }
    }

    /// Makes the open-URL hook rewrite `from` to `to` (as the seed's `newURL`) and continue.
    public func rewrite(_ from: String, to: String) {
        state.withLock { $0.rewrite[from] = to }
    }

    /// Sets what the fetch hook does.
    public func setFetchBehaviour(_ behaviour: FetchBehaviour) {
        state.withLock { $0.fetch = behaviour }
    }

    /// The completions kept by ``FetchBehaviour/hold``, oldest first.
    public var heldCompletions: [BackgroundFetchCompletion] { state.withLock { $0.held } }

    private func answer(_ hook: String) -> CallbackResult {
        recorder.record("hook.\(hook)")
        return state.withLock { $0.results[hook] } ?? .continue
    }

    /// Records `hook.beforeDidFinishLaunching`.
    public func beforeDidFinishLaunching(options: [String: String], context: any ContainerContext) async {
        recorder.record("hook.beforeDidFinishLaunching\(CallbackRecorder.format(options))")
    }
    /// Records and answers `handleDidFinishLaunching`.
    public func handleDidFinishLaunching(options: [String: String], context: any ContainerContext) async
        -> CallbackResult { answer("handleDidFinishLaunching") }
    /// Records `hook.afterDidFinishLaunching`.
    public func afterDidFinishLaunching(options: [String: String], context: any ContainerContext) async {
        recorder.record("hook.afterDidFinishLaunching")
    }
    /// Records and answers `didBecomeActive`.
    public func didBecomeActive(context: any ContainerContext) async -> CallbackResult { answer("didBecomeActive") }
    /// Records and answers `willResignActive`.
    public func willResignActive(context: any ContainerContext) async -> CallbackResult { answer("willResignActive") }
    /// Records and answers `didEnterBackground`.
    public func didEnterBackground(context: any ContainerContext) async -> CallbackResult {
        answer("didEnterBackground")
    }
    /// Records and answers `willEnterForeground`.
    public func willEnterForeground(context: any ContainerContext) async -> CallbackResult {
        answer("willEnterForeground")
    }
    /// Records and answers `willTerminate`.
    public func willTerminate(reason: TerminationReason, context: any ContainerContext) async -> CallbackResult {
        answer("willTerminate")
    }
    /// Records and answers `didReceiveMemoryWarning`.
    public func didReceiveMemoryWarning(context: any ContainerContext) async -> CallbackResult {
        answer("didReceiveMemoryWarning")
    }
    /// Records and answers `didReceiveReload`.
    public func didReceiveReload(context: any ContainerContext) async -> CallbackResult { answer("didReceiveReload") }
    /// Records and answers `open`; sets `newURL` when a rewrite is set for the URL.
    public func open(url: URL, newURL: inout URL?, source: String?, context: any ContainerContext) async
        -> CallbackResult
    {
        if let target = state.withLock({ $0.rewrite[url.absoluteString] }) { newURL = URL(string: target) }
        return answer("open")
    }
    /// Records and answers `didReceiveRemoteNotification`.
    public func didReceiveRemoteNotification(_ notification: NotificationPayload, context: any ContainerContext)
        async -> CallbackResult { answer("didReceiveRemoteNotification") }
    /// Records and answers `didReceiveLocalNotification`.
    public func didReceiveLocalNotification(_ notification: NotificationPayload, context: any ContainerContext)
        async -> CallbackResult { answer("didReceiveLocalNotification") }
    /// Records `hook.handleAction(<identifier>, <notification id>)` and answers `handleAction`.
    public func handleAction(identifier: String, notification: NotificationPayload, context: any ContainerContext)
        async -> CallbackResult
    {
        recorder.record("hook.handleAction(\(identifier), \(notification.identifier))")
        return state.withLock { $0.results["handleAction"] } ?? .continue
    }
    /// Records and answers `didRegisterForRemoteNotifications`.
    public func didRegisterForRemoteNotifications(deviceToken: Data, context: any ContainerContext) async
        -> CallbackResult { answer("didRegisterForRemoteNotifications") }
    /// Records and answers `didFailToRegisterForRemoteNotifications`.
    public func didFailToRegisterForRemoteNotifications(error: ContainerError, context: any ContainerContext)
        async -> CallbackResult { answer("didFailToRegisterForRemoteNotifications") }
    /// Records `hook.performFetch` and acts as the ``FetchBehaviour`` says.
    public func performFetch(completion: BackgroundFetchCompletion, context: any ContainerContext) async {
        recorder.record("hook.performFetch")
        switch state.withLock({ $0.fetch }) {
        case .complete(let result):
            completion.complete(result)
        case .completeTwice(let first, let second):
            recorder.record("fetch.complete(\(first.rawValue)) -> \(completion.complete(first))")
            recorder.record("fetch.complete(\(second.rawValue)) -> \(completion.complete(second))")
        case .hold:
            state.withLock { $0.held.append(completion) }
        }
    }
}
