import StrataContainer
import StrataSync

/// The sync engine's background loop as a container service (`sync` in the built-in
/// configuration): while the interactive host runs, pending changes are pushed, auto-refresh
/// types are pulled on their interval, logs are uploaded at the server's level and the device
/// stays registered for push (see `SyncEngine.start()`).
///
/// Offline (no `STRATA_SERVER_URL`) or signed out, the loop does nothing. One-shot runs
/// (`open <url>`, subcommands) boot without it: they end before a round could finish.
struct BackgroundSync: StrataService {
    static let typeName = "BackgroundSync"

    let sync: (any SyncEngine)?
    /// Whether this boot may start the loop (the interactive host; not one-shot runs).
    let enabled: Bool

    func start(context: any ContainerContext) async throws {
        guard enabled else { return }
        sync?.start()
    }

    func willDestroy() async {
        sync?.stop()
    }
}
