import StrataContainer
import StrataCrossCutting
import StrataJournal
import StrataSession
import StrataSync
import Synchronization

/// `strata-host`'s ``StatusLineSource``: the status line of the full-screen terminal, read from
/// the container's `session` service (StrataSync's `SessionService`): who is signed in, and the
/// sync status the engine keeps in the store (pending and rejected changes, connectivity, the
/// last error). No network call.
///
/// The interactive host registers it under ``StatusLine/serviceName``. It reads the status at
/// each redraw, and again at each session broadcast (a sign-in or sign-out) and every
/// `interval` (a sync, a save, a failed background round, another process's commit); each
/// time the status differs from the last one reported, ``changes()`` yields and the container
/// redraws the screen on top.
final class SessionStatusLine: StatusLineSource, ContainerListener {
    private struct State {
        var session: (any SessionService)?
        var last: StatusLine?
        var tasks: [Task<Void, Never>] = []
        var token: ListenerToken?
        var context: (any ContainerContext)?
    }

    private let interval: Duration
    private let state = Mutex(State())
    private let updates: AsyncStream<Void>
    private let update: AsyncStream<Void>.Continuation

    /// A status line read every `interval` as well as at each redraw and session change.
    init(interval: Duration = .seconds(1)) {
        self.interval = interval
        (updates, update) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Finds the session service (none: `Not signed in` and no counts), listens to session
    /// broadcasts and starts the periodic check.
    func start(context: any ContainerContext) async throws {
        let session: (any SessionService)? = try? await context.service(.session)
        let token = await context.addListener(self)
        let interval = interval
        let ticker = Task { [weak self] in
            while (try? await Task.sleep(for: interval)) != nil {
                guard let self else { return }
                await self.refresh()
            }
        }
        state.withLock {
            $0.session = session
            $0.token = token
            $0.tasks = [ticker]
            $0.context = context
        }
        _ = await currentStatus()
    }

    /// Stops the checks and ends ``changes()``; lets go of the context.
    func willDestroy() async {
        let (tasks, token, context) = state.withLock { state in
            defer { state = State() }
            return (state.tasks, state.token, state.context)
        }
        for task in tasks { task.cancel() }
        if let token, let context { await context.removeListener(token) }
        update.finish()
    }

    /// Reads the status again at each sign-in and sign-out.
    func receive(_ broadcast: Broadcast) async {
        if case .session = broadcast { await refresh() }
    }

    func currentStatus() async -> StatusLine {
        let session = state.withLock { $0.session }
        let status = await Self.read(session)
        state.withLock { $0.last = status }
        return status
    }

    func changes() -> AsyncStream<Void> { updates }

    /// Reads the status and reports it when it changed.
    private func refresh() async {
        let session = state.withLock { $0.session }
        let status = await Self.read(session)
        let changed = state.withLock { state in
            defer { state.last = status }
            return state.last != status
        }
        if changed { update.yield() }
    }

    /// The status the session gives; a failed read is the warning.
    static func read(_ session: (any SessionService)?) async -> StatusLine {
        guard let session else { return StatusLine(user: nil) }
        let user: String?
        do {
            user = try await session.currentUser()?.account
        } catch {
            return StatusLine(
                user: nil, warning: localized("cannot read the session: ", ja: "セッションを読めません: ") + ErrorText.readable(error))
        }
        do {
            let sync = try await session.status()
            return StatusLine(
                user: user, pendingChanges: sync.pendingCount, rejectedChanges: sync.rejectedCount,
                warning: warning(sync))
        } catch {
            return StatusLine(
                user: user, warning: localized("cannot read the sync state: ", ja: "同期の状態を読めません: ") + ErrorText.readable(error))
        }
    }

    /// The last sync error (an unreachable server, a failed background round), else a server
    /// last seen offline, else none; a password in the server's URL or the error (a URL's
    /// `user:password@`) is masked (`CredentialMask`).
    static func warning(_ sync: SyncStatus) -> String? {
        if let error = sync.lastError, !error.isEmpty { return ErrorText.readable(text: CredentialMask.masked(error)) }
        guard sync.connectivity == .offline else { return nil }
        let server = sync.server.map(CredentialMask.masked) ?? localized("the sync server", ja: "同期サーバー")
        return localized("\(server) cannot be reached", ja: "\(server) に接続できません")
    }
}
