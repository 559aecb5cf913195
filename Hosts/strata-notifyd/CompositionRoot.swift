import StrataCrossCutting
import StrataData
import StrataDomain
import StrataNotifyKit

/// The one place that picks implementations for `strata-notifyd`: the shared container, the
/// live SQLite data layer, the domain on the system clock, standard output for delivery, and
/// — when `STRATA_SERVER_URL` names a server — the device's push channel beside the inbox.
enum CompositionRoot {
    /// Builds the daemon for `options` and runs it; returns the exit status.
    ///
    /// A start-up failure (bad `STRATA_HOME` or `STRATA_LOG_LEVEL`, unusable store or inbox)
    /// is one line on standard error and exit status 1.
    ///
    /// Runs on the main thread (the main actor): the daemon's loop blocks the thread it is on,
    /// which must not be one of Swift's cooperative pool.
    @MainActor
    static func run(_ options: NotifydOptions, environment: [String: String]) async -> Int32 {
        let daemon: NotifyDaemon
        do {
            daemon = try await compose(options, environment: environment)
        } catch {
            OutputSink.standard.err(FailureLine.line(program: NotifydCommand.programName, error: error, verbose: false))
            return 1
        }
        return daemon.runTrappingSignals(once: options.once)
    }

    private static func compose(_ options: NotifydOptions, environment: [String: String]) async throws -> NotifyDaemon {
        let level = try StrataLogging.level(verbose: options.verbose, environment: environment)
        let logger = StrataLogging.makeLogger(label: NotifydCommand.programName, level: level)
        let clock = SystemClock()
        let container = try ContainerDirectory.resolve(environment: environment).prepare()
        let sync = try SyncConfiguration.fromEnvironment(environment)
        let data = try DataLayerFactory.live(
            container: container, logger: logger.component("data"), sync: sync, verifyPages: true)
        let domain = try await DomainFactory.make(data: data, clock: clock)
        let delivery = StandardOutputDelivery()
        let processor = InboxProcessor(
            inbox: try Inbox(container: container).prepare(),
            notifications: domain.notifications,
            delivery: delivery,
            clock: clock,
            logger: logger.component("inbox")
        )
        let push = sync.map { _ in
            PushChannelListener(
                sync: data.sync, notifications: domain.notifications, delivery: delivery, logger: logger.component("push"))
        }
        return NotifyDaemon(processor: processor, pollInterval: options.pollInterval, logger: logger, push: push)
    }
}
