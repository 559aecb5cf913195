import StrataCrossCutting
import StrataData
import StrataDomain
import StrataNotifyKit
import StrataSecretService
import StrataSync

/// The one place that picks implementations for `strata-notifyd`: the shared container, the
/// live SQLite data layer (its key in the session's Secret Service when it offers one), the
/// domain on the system clock (enriching within `--enrich-deadline`, logging each notification
/// whose enrichment ran out), standard output for delivery and — per `--desktop`, when the
/// session bus has a notification server — the freedesktop Notifications API through
/// libsystemd's sd-bus beside it,
/// — when `STRATA_SERVER_URL` names a server — the device's push channel beside the inbox, and
/// — when systemd started it (`NOTIFY_SOCKET`) — libsystemd's sd_notify for readiness and the watchdog;
/// and the store's full page check once a day in the background (`DataLayerFactory.checkIfDue`).
enum CompositionRoot {
    /// The daemon for `options`: the inbox processor on the live store, and the push channel's
    /// listener when a server is configured.
    ///
    /// - Throws: a bad `STRATA_HOME` or `STRATA_LOG_LEVEL`, an unusable store or inbox: the
    ///   kit prints one line and exits 1.
    static func makeDaemon(_ options: NotifydOptions, environment: [String: String]) async throws -> NotifyDaemon {
        let level = try StrataLogging.level(verbose: options.verbose, environment: environment)
        let logger = StrataLogging.makeLogger(label: NotifydCommand.programName, level: level)
        let clock = SystemClock()
        let container = try ContainerDirectory.resolve(environment: environment).prepare()
        let configuration = try SyncConfiguration.fromEnvironment(environment)
        // The inbox before the store: a start that cannot use it fails before a data key is made.
        let inbox = try Inbox(container: container).prepare()
        // What the start says while it could still fail (the key's fall-back to the file, the
        // desktop's "lines only"): said once the daemon runs, so a start that fails prints its
        // error line alone.
        let startup = HeldOutput(.standard)
        // The data key: the session's Secret Service when it offers one, else the 0600 key file.
        let keyring = try SecretServiceFactory.keyring(
            for: container, environment: environment, program: NotifydCommand.programName, output: startup.sink)
        // No page check on opening (it grows with the store): the daemon runs the full check in
        // the background instead, when the store's last one is a day old (storeCheck below).
        let data = try await DataLayerFactory.live(container: container, logger: logger.component("data"), keyring: keyring)
        let enrichment = EnrichmentDeadline.policy(seconds: options.enrichDeadline, logger: logger.component("enrich"))
        let domain = try await DomainFactory.make(data: data, clock: clock, enrichment: enrichment)
        // The desktop's notification server (sd-bus) beside the lines, or lines only, said once why
        // (held in `startup` like the key's fall-back).
        let desktop = try await DesktopNotificationsFactory.freedesktop(
            mode: options.desktop, environment: environment, notifications: domain.notifications, clock: clock,
            logger: logger.component("desktop"), output: startup.sink)
        let delivery = DesktopDelivery(lines: StandardOutputDelivery(), desktop: desktop)
        let processor = InboxProcessor(
            inbox: inbox,
            notifications: domain.notifications,
            delivery: delivery,
            clock: clock,
            logger: logger.component("inbox")
        )
        let push = configuration.map { configuration in
            PushChannelListener(
                sync: SyncFactory.live(data: data, configuration: configuration, logger: logger.component("sync"), clock: clock),
                notifications: domain.notifications, delivery: delivery, logger: logger.component("push"))
        }
        // Its start and failures are kept for upload only when there is a server to send them to.
        let usage = configuration.map { UsageMonitorFactory.live(data: data, appVersion: $0.appVersion, deviceID: $0.deviceID, logger: logger) }
        // systemd's sd_notify when a Type=notify unit started it (deploy/systemd), else silence.
        let serviceNotifier = ServiceNotifierFactory.systemd(environment: environment, logger: logger.component("systemd"))
        // Every page read once a day, off the cooperative pool (the check's own queue), after the start.
        let checkLogger = logger.component("check")
        let storeCheck = StoreCheckSchedule {
            _ = try await DataLayerFactory.checkIfDue(container: container, logger: checkLogger, clock: clock)
        }
        return NotifyDaemon(
            processor: processor, pollInterval: options.pollInterval, logger: logger, push: push,
            usage: usage ?? SilentUsageMonitor(), serviceNotifier: serviceNotifier, desktop: desktop,
            startupOutput: startup, storeCheck: storeCheck)
    }
}
