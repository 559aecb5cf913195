import Foundation
import Logging
import StrataServerData
import StrataWire
import Synchronization

/// Wakes waiting push-channel polls when a message for their channel is stored, instead of
/// letting each poll read its channel again and again.
///
/// A poll ``register(_:)``s before it reads its channel, so no arrival from then on is missed,
/// and ``wait(_:after:until:)``s when the read found nothing. It wakes when:
/// - this process stores a message for the channel (``arrived(on:)``, at once);
/// - another process or instance did, and the storage signals it (``ServerDataLayer/pushSignals()``,
///   PostgreSQL's `NOTIFY`): at once, naming the channels; a ``PushSignal/check`` (each time the
///   listener starts listening, or a batch too big to name) makes one read for all waiting polls
///   as below; the listener starts when the first poll waits, and no watcher runs on a timer;
/// - another process (`admin push`) did on storage without signals (SQLite): while any poll waits,
///   one watcher reads the channels that received messages after the oldest mark of the waiting
///   polls, every `checkInterval`, one read for all of them (``ControlStore/pushChannels(after:)``);
/// - its deadline passes, ``endAll()`` runs (shutdown), or its task is cancelled.
/// An idle waiting poll holds no thread and reads nothing; a woken poll reads its channel once.
final class PushArrivals: Sendable {
    private struct Waiter {
        let channel: PushChannel
        /// The polling session's token hash: a ``DataWake`` it can see wakes it too.
        var token: String?
        var arrived = false
        var continuation: CheckedContinuation<Void, Never>?
    }

    private struct State {
        var ended = false
        var nextId = 0
        var waiters: [Int: Waiter] = [:]
        /// The watcher reads channels with messages after this sequence.
        var watchedAfter: Int64?
        var watching = false
        /// The devices that polled lately, by token hash, and the types changed for them since.
        var watchers: [String: DataWatcher] = [:]
    }

    /// A device that polls: what its user sees, and the types changed for it since its last answer.
    private struct DataWatcher {
        var appId: String
        var appVersion: String
        var visibility: ObjectVisibility
        /// The changed types it was not told yet.
        var pending: Set<String> = []
        /// When it last asked; one not seen for ``watcherLifetime`` is forgotten.
        var lastSeen: ContinuousClock.Instant
    }

    /// How long a device that stopped polling still collects changed types: longer than the gap
    /// between two polls of a device that handles an answer, so a change in the gap is kept.
    static let watcherLifetime: Duration = .seconds(120)
    /// This process, in its ``DataWake``s: the signal of its own wake is not applied twice.
    let origin = UUID().uuidString

    private let state = Mutex(State())
    private let control: any ControlStore
    private let checkInterval: Duration
    private let logger: Logger
    /// The storage's signals (``ServerDataLayer/pushSignals()``), asked for at the first wait.
    private let signals: @Sendable () -> AsyncStream<PushSignal>?
    private let listener = Mutex(Listener.notStarted)

    /// Whether the storage's signals are followed.
    private enum Listener {
        /// No poll waited yet.
        case notStarted
        /// The storage has no signals: a watcher checks on a timer while polls wait.
        case unsignalled
        /// Follows the signals; cancelled by ``endAll()`` and when this value goes.
        case started(Task<Void, Never>)
        /// ``endAll()`` ran.
        case ended
    }

    /// Wakes polls on `signals()` when the storage has them (asked for when a poll first
    /// waits, so a process that never waits, such as an admin command, never listens), else
    /// checks for other processes' messages every `checkInterval` while polls wait.
    init(
        control: any ControlStore, signals: @escaping @Sendable () -> AsyncStream<PushSignal>?, checkInterval: Duration,
        logger: Logger
    ) {
        self.control = control
        self.signals = signals
        self.checkInterval = checkInterval
        self.logger = logger
    }

    deinit {
        listener.withLock { if case .started(let task) = $0 { task.cancel() } }
    }

    /// Whether ``endAll()`` has run.
    var ended: Bool { state.withLock { $0.ended } }

    /// Registers a poll of `channel`; returns its id for ``wait(_:after:until:)`` and ``unregister(_:)``.
    func register(_ channel: PushChannel, token: String? = nil) -> Int {
        state.withLock { state in
            state.nextId += 1
            state.waiters[state.nextId] = Waiter(channel: channel, token: token)
            return state.nextId
        }
    }

    /// Forgets a poll (after its wait).
    func unregister(_ id: Int) {
        state.withLock { state in
            defer { if state.waiters.isEmpty { state.watchedAfter = nil } }
            return state.waiters.removeValue(forKey: id)
        }?.continuation?.resume()
    }

    /// Waits until a message for poll `id`'s channel arrives after it registered (stored by
    /// another process: with a sequence above `mark`, the newest sequence before its read),
    /// until `deadline`, until ``endAll()``, or until the task is cancelled; `true` when a
    /// message (may have) arrived, so the channel is worth reading again.
    func wait(_ id: Int, after mark: Int64, until deadline: ContinuousClock.Instant) async -> Bool {
        let signalled = listening()
        let startWatcher = state.withLock { state -> Bool in
            state.watchedAfter = min(state.watchedAfter ?? mark, mark)
            guard !state.watching, !signalled else { return false }
            state.watching = true
            return true
        }
        if startWatcher { Task { await self.watch() } }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { try? await Task.sleep(until: deadline, clock: .continuous) }
            group.addTask { await self.untilArrived(id) }
            await group.next()
            group.cancelAll()
        }
        return state.withLock { $0.waiters[id]?.arrived ?? false }
    }

    /// Wakes the polls of `channels`: messages for them were stored.
    func arrived(on channels: some Sequence<PushChannel>) {
        let channels = Set(channels)
        guard !channels.isEmpty else { return }
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            var woken: [CheckedContinuation<Void, Never>] = []
            for (id, waiter) in state.waiters where channels.contains(waiter.channel) {
                state.waiters[id]?.arrived = true
                if let continuation = waiter.continuation { woken.append(continuation) }
                state.waiters[id]?.continuation = nil
            }
            return woken
        }
        for continuation in woken { continuation.resume() }
    }

    /// The types changed for the device polling as `session` since its last answer, taken (so
    /// the next answer names only newer ones); `nil` when nothing changed, or when this process
    /// had not seen the session (a device catches up by pulling when its listening starts or
    /// resumes after a failed poll). Keeps collecting for it from now on.
    func takeChanges(for session: ServerSession) -> [String]? {
        let token = session.tokenHash
        return state.withLock { state -> [String]? in
            let visibility = ObjectVisibility(userId: session.userId, groupIds: session.groups.map(\.groupId))
            guard var watcher = state.watchers[token] else {
                state.watchers[token] = DataWatcher(
                    appId: session.appId, appVersion: session.appVersion, visibility: visibility, lastSeen: .now)
                return nil
            }
            watcher.visibility = visibility  // memberships as the token has them now
            watcher.lastSeen = .now
            let changed = watcher.pending
            watcher.pending = []
            state.watchers[token] = watcher
            return changed.isEmpty ? nil : changed.sorted()
        }
    }

    /// Marks that the device polling as `token` was just answered: its collecting goes on.
    func seen(token: String) {
        state.withLock { $0.watchers[token]?.lastSeen = .now }
    }

    /// A push committed `wake`'s changes: each device that polled lately, other than the
    /// pusher's, whose user can see one of the changed places, collects their types, and its
    /// waiting poll wakes. Devices that cannot see any are neither woken nor told.
    func changed(_ wake: DataWake) {
        let now = ContinuousClock.now
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            var tokens: Set<String> = []
            for (token, watcher) in state.watchers {
                if now - watcher.lastSeen > Self.watcherLifetime, !state.waiters.values.contains(where: { $0.token == token }) {
                    state.watchers[token] = nil
                    continue
                }
                guard watcher.appId == wake.appId, watcher.appVersion == wake.appVersion,
                    DataWake.pusherKey(tokenHash: token) != wake.pusher
                else { continue }
                let types = wake.places.filter { $0.visible(to: watcher.visibility) }.map(\.typeName)
                guard !types.isEmpty else { continue }
                state.watchers[token]?.pending.formUnion(types)
                tokens.insert(token)
            }
            var woken: [CheckedContinuation<Void, Never>] = []
            for (id, waiter) in state.waiters where waiter.token.map(tokens.contains) ?? false {
                state.waiters[id]?.arrived = true
                if let continuation = waiter.continuation { woken.append(continuation) }
                state.waiters[id]?.continuation = nil
            }
            return woken
        }
        for continuation in woken { continuation.resume() }
    }

    /// Wakes every waiting poll and makes later waits return at once: the server is shutting down.
    func endAll() {
        listener.withLock { listener in
            if case .started(let task) = listener { task.cancel() }
            listener = .ended
        }
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.ended = true
            let woken = state.waiters.values.compactMap(\.continuation)
            for id in state.waiters.keys { state.waiters[id]?.continuation = nil }
            return woken
        }
        for continuation in woken { continuation.resume() }
    }

    /// Returns when poll `id`'s channel got a message, ``endAll()`` ran or the task is cancelled.
    private func untilArrived(_ id: Int) async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let resumeNow = state.withLock { state -> Bool in
                    guard !state.ended, !Task.isCancelled, let waiter = state.waiters[id], !waiter.arrived else { return true }
                    state.waiters[id]?.continuation = continuation
                    return false
                }
                if resumeNow { continuation.resume() }
            }
        } onCancel: {
            // Runs after `Task.isCancelled` turned true: either the continuation is registered
            // and is taken out here, or the registration above sees the cancellation.
            state.withLock { state -> CheckedContinuation<Void, Never>? in
                defer { state.waiters[id]?.continuation = nil }
                return state.waiters[id]?.continuation
            }?.resume()
        }
    }

    /// Starts following the storage's signals unless it did; whether there are any (or no
    /// more waits need them: ``endAll()`` ran). The signals begin with a ``PushSignal/check``
    /// once listening, so a message stored before then is still found.
    private func listening() -> Bool {
        listener.withLock { listener -> Bool in
            switch listener {
            case .started, .ended: return true
            case .unsignalled: return false
            case .notStarted:
                guard let stream = signals() else {
                    listener = .unsignalled
                    return false
                }
                listener = .started(
                    Task { [weak self] in
                        for await signal in stream {
                            guard let self else { return }
                            switch signal {
                            case .stored(let channels): self.arrived(on: channels)
                            case .check: await self.check()
                            case .changed(let wake): if wake.origin != self.origin { self.changed(wake) }
                            }
                        }
                    })
                return true
            }
        }
    }

    /// While polls wait: every `checkInterval`, one ``check()``. Ends when no poll waits.
    private func watch() async {
        while true {
            try? await Task.sleep(for: checkInterval)
            let goOn = state.withLock { state -> Bool in
                guard !state.waiters.isEmpty, !state.ended, state.watchedAfter != nil else {
                    state.watching = false
                    state.watchedAfter = nil
                    return false
                }
                return true
            }
            guard goOn else { return }
            await check()
        }
    }

    /// One read for the channels that received messages since the oldest mark of the waiting
    /// polls, and a wake-up for their polls; nothing when no poll waits.
    private func check() async {
        let after = state.withLock { state -> Int64? in
            guard !state.waiters.isEmpty, !state.ended else { return nil }
            return state.watchedAfter
        }
        guard let after else { return }
        do {
            let found = try await control.pushChannels(after: after)
            // A poll that joined meanwhile with an older mark keeps it: the next read covers it.
            state.withLock { if $0.watchedAfter == after { $0.watchedAfter = found.latest } }
            arrived(on: found.channels)
        } catch {
            logger.warning("cannot look for new push messages", metadata: ["error": "\(error)"])
        }
    }
}
