import Foundation
public import Logging
import ServiceLifecycle
public import StrataCrossCutting
import StrataSync
import Synchronization
import UnixSignals

/// The daemon: drains the inbox once (`--once`), or again and again until asked to stop, as a
/// swift-service-lifecycle `ServiceGroup`: the inbox watcher and, when a server is configured,
/// the push channel's listener are its services.
///
/// The watcher is told of each file written or moved into `new/` (inotify, on a thread of its
/// own) and drains at once; it looks at `new/` anyway every poll interval (30 s by default),
/// for a change inotify missed (its queue overflowed) or could not watch.
///
/// SIGTERM and SIGINT shut the group down gracefully, and so does ``requestStop()`` (a test):
/// the file in hand finishes, then the loop ends at once instead of after the poll interval,
/// and the push listener is cancelled (the message in hand finishes). Nothing is lost: a file
/// is removed from `new/` only after its notification is recorded.
public final class NotifyDaemon: Sendable {
    /// Exit status after a pass that left files in `new/` to retry (sysexits' `EX_TEMPFAIL`).
    public static let retryLaterStatus: Int32 = 75
    /// The longest pause between passes after repeated failures, in seconds.
    public static let maximumBackoff: Double = 5
    /// The pause after the first failed pass, in seconds; it doubles per failed pass.
    public static let firstBackoff: Double = 0.4

    /// The processor each pass runs.
    public let processor: InboxProcessor
    /// The sync server's push channel, when a server is configured.
    public let push: PushChannelListener?
    /// Seconds between passes over `new/` while nothing fails and no change is reported (a
    /// file arriving in `new/` starts a pass at once).
    public let pollInterval: Double
    let logger: Logger
    /// Where the start and the failures are reported (the seed's `logMonitor` / `logError`).
    let usage: any UsageMonitor
    /// The service manager's view of the run loop: ready, alive (the watchdog), stopping.
    let service: ServiceManagerLink
    /// The desktop's notification server, closed (its queue shown first) when the daemon stops.
    let desktop: (any DesktopNotifications)?
    /// What the start said while it could still fail (the desktop's "lines only" notice):
    /// written once the daemon runs, never before a start-up error line.
    let startupOutput: HeldOutput?
    /// The store's full page check, run beside the loop when due (``StoreCheckSchedule``).
    let storeCheck: StoreCheckSchedule?

    /// Whether a stop was asked for, and the group running now (to shut down gracefully).
    private struct Stop {
        var requested = false
        var group: ServiceGroup?
    }

    private let stop = Mutex(Stop())

    /// A daemon running `processor` on each new file and every `pollInterval` seconds, reporting its start and its
    /// failures to `usage`, and its readiness, liveness and stop to `serviceNotifier` (systemd's
    /// `READY=1` once the watch loop runs, `WATCHDOG=1` from the loop at half the interval
    /// systemd asks for, `STOPPING=1` when a graceful shutdown begins; `--once` says nothing).
    /// `desktop` (the one the processor's ``DesktopDelivery`` shows on) runs beside the loop and
    /// is closed last, so a notification recorded before the stop is still shown. What the
    /// composition root held in `startupOutput` is written when ``run(once:)`` begins.
    /// `storeCheck` runs beside the loop (and beside `--once`'s pass): the store's full page
    /// check when it is due, never on the start's path; damage it finds stops the daemon, exit 1.
    ///
    /// - Important: `pollInterval` must be positive (``NotifydCommand`` validates it); zero
    ///   or less traps.
    public init(
        processor: InboxProcessor, pollInterval: Double, logger: Logger, push: PushChannelListener? = nil,
        usage: any UsageMonitor = SilentUsageMonitor(), serviceNotifier: any ServiceNotifier = SilentServiceNotifier(),
        desktop: (any DesktopNotifications)? = nil, startupOutput: HeldOutput? = nil, storeCheck: StoreCheckSchedule? = nil
    ) {
        precondition(pollInterval > 0, "the poll interval must be positive")
        self.processor = processor
        self.push = push
        self.pollInterval = pollInterval
        self.logger = logger
        self.usage = usage
        self.service = ServiceManagerLink(serviceNotifier)
        self.desktop = desktop
        self.startupOutput = startupOutput
        self.storeCheck = storeCheck
    }

    /// Whether ``requestStop()`` has been called (or a signal asked the group to stop).
    public var isStopRequested: Bool { stop.withLock { $0.requested } }

    /// Asks the daemon to stop once the file in hand is finished: shuts the running group down
    /// gracefully, as SIGTERM does. Safe from any task, before or while the daemon runs.
    public func requestStop() async {
        let group = stop.withLock { stop in
            stop.requested = true
            return stop.group
        }
        await group?.triggerGracefulShutdown()
    }

    /// Notes a stop request without touching the group (a graceful-shutdown handler: the group
    /// is shutting down already).
    func markStopRequested() {
        stop.withLock { $0.requested = true }
        service.stopping()
    }

    /// Drains once (`once`) or runs until SIGTERM or SIGINT, in a `ServiceGroup` that turns
    /// either signal into a graceful shutdown; returns the exit status (see ``drainOnce()`` and
    /// ``run()``).
    public func run(once: Bool) async -> Int32 {
        // The start succeeded: now its notices may be said.
        startupOutput?.release()
        await usage.record(.appLaunched(NotifydCommand.programName))
        let inbox = InboxWatcher(daemon: self, once: once)
        var services = [ServiceGroupConfiguration.ServiceConfiguration]()
        if let desktop {
            // First in, last to shut down: what the inbox delivers until the end is still shown.
            services.append(.init(service: DesktopService(desktop: desktop), successTerminationBehavior: .ignore))
        }
        if let storeCheck {
            // Shut down after the inbox: a check in hand finishes (its queue cannot be interrupted).
            services.append(
                .init(
                    service: StoreCheckService(schedule: storeCheck, logger: logger.component("check")),
                    successTerminationBehavior: .ignore, failureTerminationBehavior: .gracefullyShutdownGroup))
        }
        if !once, let push {
            // It may end on its own (no server, …) without ending the daemon.
            services.append(
                .init(service: PushListenerService(listener: push), successTerminationBehavior: .ignore))
        }
        // Last in, first to shut down: the file in hand finishes before the push listener stops.
        services.append(.init(service: inbox, successTerminationBehavior: .gracefullyShutdownGroup))
        let group = ServiceGroup(
            configuration: ServiceGroupConfiguration(
                services: services, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger.component("lifecycle")))
        let stopAlready = stop.withLock { stop in
            stop.group = group
            return stop.requested
        }
        if stopAlready { await group.triggerGracefulShutdown() }
        defer { stop.withLock { $0.group = nil } }
        do {
            try await group.run()
        } catch {
            logger.error("\(error)")
            await usage.recordFailure("\(error)", source: NotifydCommand.programName)
            return 1
        }
        return inbox.status
    }

    /// Runs until SIGTERM, SIGINT or ``requestStop()``: drains `new/` as soon as a file is
    /// written or moved into it, and anyway every ``pollInterval`` seconds, while the push
    /// channel's listener (if any) runs beside it; returns 0.
    ///
    /// After a pass that had to leave files for later because the store failed, the next pass
    /// waits ``firstBackoff`` seconds, doubling per failed pass (up to ``maximumBackoff``), new
    /// files or not, so a broken store does not flood the log. A file that cannot be moved out
    /// of `new/` never slows the loop: the processor skips that one file for a while (the loop
    /// looks again when its retry is due) and the others go on as they arrive.
    public func run() async -> Int32 {
        await run(once: false)
    }

    /// Drains `new/` once, then takes what waits on the push channel (without waiting), and
    /// returns the exit status: 0, or ``retryLaterStatus`` when a file stays in `new/` because
    /// the store failed or the file cannot be moved out of it, or the push channel could not be
    /// read, or 1 when `new/` cannot be listed. Nobody signed in leaves the push channel alone (status 0).
    public func drainOnce() async -> Int32 {
        logger.info("strata-notifyd draining \(processor.inbox.newURL.path) once")
        let report: PassReport
        do {
            report = try await processor.drain(while: { !isStopRequested })
        } catch {
            logger.error("\(error)")
            await usage.recordFailure("\(error)", source: NotifydCommand.programName)
            return 1
        }
        if report.retryCount > 0 { await usage.recordFailure(report.summary, source: NotifydCommand.programName) }
        logger.info("strata-notifyd done: \(report.summary)")
        var pushed = true
        if let push { pushed = await Self.lookOnce(at: push, logger: logger, usage: usage) }
        return report.retryCount == 0 && report.skippedCount == 0 && pushed ? 0 : Self.retryLaterStatus
    }

    /// The loop of ``run()``: passes over `new/` until a stop is requested.
    func watch() async {
        // Watched before the first pass: a file arriving during it starts the next one.
        let changes = InboxChanges.watch(processor.inbox.newURL, pollInterval: pollInterval, logger: logger)
        defer { changes.stop() }
        let how = changes.isWatching ? "each new file at once, and every \(pollInterval) s" : "every \(pollInterval) s"
        logger.info("strata-notifyd started: watching \(processor.inbox.newURL.path) (\(how))")
        var failedPasses = 0
        let service = self.service
        // The inbox is open (the composition root prepared it) and watched from here on.
        service.ready()
        while !isStopRequested {
            var failure: String?
            // What the pass will see needs no other pass; a change from now on does.
            changes.clearPending()
            do {
                // Pinged between files too: a pass over a full inbox can outlast half the watchdog interval.
                let report = try await processor.drain(while: {
                    service.pingIfDue()
                    return !isStopRequested
                })
                if report.retryCount > 0 { failure = report.summary }
                if !report.files.isEmpty { logger.debug("pass: \(report.summary)") }
            } catch {
                logger.error("\(error)")
                failure = "\(error)"
            }
            // Reported once per run of failed passes, not once per retry.
            if let failure, failedPasses == 0 { await usage.recordFailure(failure, source: NotifydCommand.programName) }
            failedPasses = failure != nil ? min(failedPasses + 1, 16) : 0
            guard !isStopRequested else { break }
            let backoff = Duration.milliseconds(Int64(pause(afterFailedPasses: failedPasses) * 1000))
            let pause = processor.untilNextStuckRetry.map { min(backoff, max($0, .milliseconds(10))) } ?? backoff
            // A graceful shutdown (a signal, `requestStop()`) cancels the pause at once; a new
            // file ends it, except while backing off after failures.
            let wakeOn = failedPasses == 0 ? changes : nil
            _ = try? await cancelWhenGracefulShutdown { try await service.sleep(for: pause, wakingOn: wakeOn) }
            if Task.isCancelled { break }
        }
        service.stopping()
        logger.info("strata-notifyd stopped")
    }

    /// The pause before the next pass: the poll interval; after failed passes, ``firstBackoff``
    /// doubled per failed pass, capped at ``maximumBackoff`` (a ``Backoff`` without jitter: one
    /// local loop, whose pauses a person reads in the log).
    @_spi(Testing) public func pause(afterFailedPasses count: Int) -> Double {
        guard count > 0 else { return pollInterval }
        let backoff = Backoff(first: Self.firstBackoff, cap: Self.maximumBackoff, jitter: false)
        return backoff.delay(afterFailures: count)
    }

    /// One look at the push channel without waiting; whether it was read (or nobody is signed in).
    private static func lookOnce(at listener: PushChannelListener, logger: Logger, usage: any UsageMonitor) async -> Bool {
        do {
            let processed = try await listener.pass(wait: 0)
            logger.info("push channel: \(processed.count) messages")
            return !processed.contains { if case .retryLater = $0.outcome { true } else { false } }
        } catch let error as SyncError where error.code == .notSignedIn {
            logger.info("push channel skipped: nobody is signed in")
            return true
        } catch {
            logger.error("cannot read the push channel; the next run tries again: \(error)")
            await usage.recordFailure("cannot read the push channel: \(error)", source: NotifydCommand.programName)
            return false
        }
    }
}
