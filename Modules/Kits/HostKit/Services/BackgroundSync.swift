import StrataContainer
import StrataJournal
import StrataSync
import Synchronization

/// The sync engine's background loop as a container service (`sync` in the built-in
/// configuration): while the interactive host runs, pending changes are pushed, auto-refresh
/// types are pulled on their interval, logs are uploaded at the server's level and the device
/// stays registered for push (see `SyncEngine.start()`). It also listens on the device's push
/// channel (long polls, as strata-notifyd does), so the changes others push that this user can
/// see are pulled within a second (live changes); the messages themselves are left to
/// strata-notifyd, which records and acknowledges them. Whenever the store changes meanwhile
/// (a pull, by this loop or strata-notifyd), the screen on top is redrawn from the store
/// (``LiveRedraw``), so a list shows the new rows without anyone typing.
///
/// Offline (no `STRATA_SERVER_URL`) or signed out, the loop does nothing. One-shot runs
/// (`open <url>`, subcommands) boot without it: they end before a round could finish.
final class BackgroundSync: StrataService {
    static let typeName = "BackgroundSync"
    /// The pause after an answer that held messages nobody acknowledged yet (strata-notifyd does):
    /// they would come back at once; a change meanwhile is kept by the server for the next poll.
    static let unacknowledgedPause = Duration.seconds(1)
    /// The pause after a failed poll, or while nobody is signed in.
    static let failurePause = Duration.seconds(5)

    let sync: (any SyncEngine)?
    /// Whether this boot may start the loop (the interactive host; not one-shot runs).
    let enabled: Bool
    /// The store's change notices the redraws follow (`nil`: no redraws).
    let notices: (any ChangeNotices)?
    private let listening = Mutex<[Task<Void, Never>]>([])

    init(sync: (any SyncEngine)?, enabled: Bool, notices: (any ChangeNotices)? = nil) {
        self.sync = sync
        self.enabled = enabled
        self.notices = notices
    }

    func start(context: any ContainerContext) async throws {
        guard enabled, let sync else { return }
        sync.start()
        var tasks = [Task { await Self.listen(sync) }]
        if let notices { tasks.append(Task { await LiveRedraw(notices: notices).run(context: context) }) }
        listening.withLock { $0 = tasks }
    }

    func willDestroy() async {
        let tasks = listening.withLock { listening in
            defer { listening = [] }
            return listening
        }
        for task in tasks { task.cancel() }
        sync?.stop()
    }

    /// Long polls until cancelled; the engine pulls what the server says changed.
    private static func listen(_ sync: any SyncEngine) async {
        while !Task.isCancelled {
            var pause: Duration?
            do {
                if !(try await sync.receivePushMessages(wait: 25)).isEmpty { pause = unacknowledgedPause }
            } catch let error as SyncError where error.code == .offline {
                return
            } catch {
                pause = failurePause
            }
            if let pause, (try? await Task.sleep(for: pause)) == nil { return }
        }
    }
}
