import StrataCrossCutting
import StrataData
import StrataDomain
import StrataNotifyKit

/// The one place that picks implementations for `strata-notifyd`: the shared container, the
/// live SQLite data layer, the domain on the system clock, standard output for delivery.
enum CompositionRoot {
    /// Builds the daemon for `options` and runs it; returns the exit status.
    ///
    /// A start-up failure (bad `STRATA_HOME` or `STRATA_LOG_LEVEL`, unusable store or inbox)
    /// is one line on standard error and exit status 1.
    static func run(_ options: NotifydOptions, environment: [String: String]) -> Int32 {
        let daemon: NotifyDaemon
        do {
            daemon = try compose(options, environment: environment)
        } catch {
            OutputSink.standard.err(FailureLine.line(program: NotifydCommand.programName, error: error, verbose: false))
            return 1
        }
        return daemon.runTrappingSignals(once: options.once)
    }

    private static func compose(_ options: NotifydOptions, environment: [String: String]) throws -> NotifyDaemon {
        let level = try StrataLogging.level(verbose: options.verbose, environment: environment)
        let logger = StrataLogging.makeLogger(label: NotifydCommand.programName, level: level)
        let clock = SystemClock()
        let container = try ContainerDirectory.resolve(environment: environment).prepare()
        let data = try DataLayerFactory.live(container: container, logger: logger.component("data"))
        let domain = try DomainFactory.make(data: data, clock: clock)
        let processor = InboxProcessor(
            inbox: try Inbox(container: container).prepare(),
            notifications: domain.notifications,
            delivery: StandardOutputDelivery(),
            clock: clock,
            logger: logger.component("inbox")
        )
        return NotifyDaemon(processor: processor, pollInterval: options.pollInterval, logger: logger)
    }
}
