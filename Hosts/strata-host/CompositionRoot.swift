import Foundation
import StrataContainer
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataHostKit
import StrataMaintenance
import StrataSecretService
import StrataSync

/// The only place in `strata-host` that picks implementations: the real clock, a stderr
/// logger, the shared SQLite store in the container directory (its data key in the session's
/// Secret Service when it offers one, else in the key file), the domain over it, the
/// store's change notices (the watchers see what strata-notifyd records through them), and
/// the sync engine (`StrataSync`, on the data layer) — pointed at the server
/// `STRATA_SERVER_URL` names, else offline — on that engine's session, what the
/// container's login-state service (`session`, the kit's) stands on, and,
/// with a server, the usage monitor that keeps usage events and failures in the store's
/// diagnostic log for the engine to upload; and the announcements, read on demand from that
/// server (`SyncFactory.remote`); and the store's conflicts (`sync conflicts`, the Account screen).
enum CompositionRoot {
    /// Builds what the kit needs once it has parsed the command line.
    static func makeRuntime(_ launch: HostLaunch) async throws -> HostRuntime {
        let clock = SystemClock()
        // While the store opens on its own queue, the domain's schemas and the calendar days are
        // printed in are built on the other core (a one-shot command's start, Benchmarks/README.md).
        async let prepared: Void = DomainFactory.prepare()
        async let calendar = clock.calendar
        let level = try StrataLogging.level(verbose: launch.verbose, environment: launch.environment)
        let logger = StrataLogging.makeLogger(label: StrataHostCLI.programName, level: level)
        let container = try ContainerDirectory.resolve(environment: launch.environment)
        let configuration = try SyncConfiguration.fromEnvironment(launch.environment)
        // The data key: the session's Secret Service when it offers one, else the 0600 key file.
        let keyring = try SecretServiceFactory.keyring(
            for: container, environment: launch.environment, program: StrataHostCLI.programName)
        // No page check on opening: a one-shot command's cost must not grow with the store. Damage
        // is found by the statements that meet it, by strata-notifyd's daily full check and by
        // `store check`, each marking the store for every process (DataLayerFactory.checkIfDue).
        let data = try await DataLayerFactory.live(container: container, logger: logger, keyring: keyring)
        _ = await (prepared, calendar)
        let sync = SyncFactory.live(data: data, configuration: configuration, logger: logger, clock: clock)
        let domain = try await DomainFactory.make(data: data, clock: clock)
        // Announcements are server only: read on demand through the remote store, never kept.
        let announcements = try await DomainFactory.announcements(
            data: data, remote: SyncFactory.remote(data: data, configuration: configuration, logger: logger), clock: clock)
        // Usage events and failures are kept for upload only when there is a server to send them to.
        let usage = configuration.map { UsageMonitorFactory.live(data: data, appVersion: $0.appVersion, deviceID: $0.deviceID, logger: logger) }
        return HostRuntime(
            domain: domain, clock: clock, notices: data.notices, logger: logger, location: container.url.path,
            sync: sync, session: data.session,
            usage: usage ?? SilentUsageMonitor(), announcements: announcements, conflicts: data.conflicts)
    }

    /// The store maintenance for `store check|backup|recover|key`: the live store's file in the
    /// container directory, opened by each command itself (never created), and the session's
    /// Secret Service for `store key`.
    static func makeStoreMaintenance(_ launch: HostLaunch) throws -> any StoreMaintenance {
        let level = try StrataLogging.level(verbose: launch.verbose, environment: launch.environment)
        let logger = StrataLogging.makeLogger(label: StrataHostCLI.programName, level: level)
        let container = try ContainerDirectory.resolve(environment: launch.environment)
        let keyring = try SecretServiceFactory.keyring(
            for: container, environment: launch.environment, program: StrataHostCLI.programName)
        return DataLayerFactory.maintenance(container: container, logger: logger, keyring: keyring)
    }
}
