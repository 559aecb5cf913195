import StrataJournal

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataPresentation
import StrataStatusKit

/// The only place in `strata-status` that picks implementations: a stderr logger, the shared
/// store opened read-only, the real clock, the domain over them, and the sync facts the
/// host's engine recorded in the store (read through `StrataData`: this widget never links
/// `StrataSync` or an HTTP client).
enum CompositionRoot {
    /// The domain over the shared store opened read-only (or `nil` when there is no store yet)
    /// and the sync status.
    ///
    /// - Important: never creates the container directory or the store: a widget only looks.
    static func makeStatus(_ launch: StatusLaunch) async throws -> StatusSources {
        // While the store opens on its own queue, the domain's schemas are built on the other core.
        async let prepared: Void = DomainFactory.prepare()
        let level = try StrataLogging.level(verbose: launch.verbose, environment: launch.environment)
        let logger = StrataLogging.makeLogger(label: StrataStatusCLI.programName, level: level)
        let container = try ContainerDirectory.resolve(environment: launch.environment)
        // A bad STRATA_SERVER_URL is reported here too; the read-only layer never talks to the server.
        let configured = try ServerEnvironment.fromEnvironment(launch.environment)
        // No keyring: the widget only counts and never decrypts, so it never links libsecret (GLib)
        // nor pays a D-Bus round trip per tick; a store that records its key lives in the Secret
        // Service is taken as having it (DataLayerFactory.readOnly).
        // A container that is a file, a missing data key or a damaged store is a fault to report
        // (exit 1), not an empty look. Up to 1 MiB every page is read (quick_check, ≤ ~1 ms);
        // above, the schema and the small tables the counts come from, so the cold start stays
        // flat: damage elsewhere is found and marked by strata-notifyd's daily full check,
        // `strata-host store check`, and the writers' statements that meet it.
        guard
            let data = try await DataLayerFactory.readOnly(
                container: container, logger: logger, requireKey: true, verifyPages: .statusBudget)
        else {
            return StatusSources(domain: nil, sync: configured.map(unknown) ?? .notConfigured)
        }
        await prepared
        let domain = try await DomainFactory.make(data: data, clock: SystemClock())
        // The store is the one source of the status: strata-status never links the sync engine.
        var sync = try await data.syncState.status()
        if sync.connectivity == .notConfigured, let configured {
            sync = unknown(configured)
        }
        return StatusSources(domain: domain, sync: sync)
    }

    /// A configured server the store has no facts about yet.
    private static func unknown(_ configuration: ServerEnvironment) -> SyncStatus {
        SyncStatus(
            connectivity: .unknown, server: configuration.serverURL.absoluteString, pendingCount: 0, rejectedCount: 0,
            lastSyncAt: nil, lastError: nil, lastErrorAt: nil)
    }
}
