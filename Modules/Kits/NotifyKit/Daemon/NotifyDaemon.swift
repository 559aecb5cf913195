public import Logging
import Dispatch
import StrataData
import Foundation
import Synchronization

/// The daemon: drains the inbox once (`--once`), or again and again until asked to stop.
///
/// It owns its stop flag (a `Mutex`) and a wake-up semaphore: ``requestStop()`` — called by a
/// signal handler or a test — lets the file in hand finish, then ends the loop at once instead
/// of after the poll interval.
public final class NotifyDaemon: Sendable {
    /// Exit status after a pass that left files in `new/` to retry (sysexits' `EX_TEMPFAIL`).
    public static let retryLaterStatus: Int32 = 75
    /// The longest pause between passes after repeated failures, in seconds.
    public static let maximumBackoff: Double = 5

    /// The processor each pass runs.
    public let processor: InboxProcessor
    /// The sync server's push channel, when a server is configured.
    public let push: PushChannelListener?
    /// Seconds between passes over `new/` while nothing fails.
    public let pollInterval: Double
    let logger: Logger
    private let stopRequested = Mutex(false)
    private let wakeUp = DispatchSemaphore(value: 0)

    /// A daemon running `processor` every `pollInterval` seconds.
    ///
    /// - Important: `pollInterval` must be positive (``NotifydCommand`` validates it); zero
    ///   or less traps.
    public init(processor: InboxProcessor, pollInterval: Double, logger: Logger, push: PushChannelListener? = nil) {
        precondition(pollInterval > 0, "the poll interval must be positive")
        self.processor = processor
        self.push = push
        self.pollInterval = pollInterval
        self.logger = logger
    }

    /// Whether ``requestStop()`` has been called.
    public var isStopRequested: Bool { stopRequested.withLock { $0 } }

    /// Asks the daemon to stop once the file in hand is finished. Safe from any thread.
    public func requestStop() {
        stopRequested.withLock { $0 = true }
        wakeUp.signal()
    }

    /// Drains `new/` once, then takes what waits on the push channel (without waiting), and
    /// returns the exit status: 0, or ``retryLaterStatus`` when a file stays in `new/` because
    /// the store failed or the file cannot be moved out of it, or the push channel could not be
    /// read, or 1 when `new/` cannot be listed. Nobody signed in leaves the push channel alone (status 0).
    public func drainOnce() -> Int32 {
        logger.info("strata-notifyd draining \(processor.inbox.newURL.path) once")
        let report: PassReport
        do {
            report = try drainBlocking()
        } catch {
            logger.error("\(error)")
            return 1
        }
        logger.info("strata-notifyd done: \(report.summary)")
        let logger = self.logger
        let pushed = push.map { listener in Blocking.run { await Self.lookOnce(at: listener, logger: logger) } } ?? true
        return report.retryCount == 0 && report.skippedCount == 0 && pushed ? 0 : Self.retryLaterStatus
    }

    /// Drains `new/` every ``pollInterval`` seconds until ``requestStop()``, while the push
    /// channel's listener (if any) runs beside it; returns 0.
    ///
    /// After a pass that had to leave files for later because the store failed, the pause
    /// doubles (up to ``maximumBackoff`` seconds) so a broken store does not flood the log. A
    /// file that cannot be moved out of `new/` never slows the loop: the processor skips that
    /// one file for a while and the others go on at the poll interval.
    public func run() -> Int32 {
        logger.info("strata-notifyd started: watching \(processor.inbox.newURL.path) every \(pollInterval) s")
        let listening = push.map { listener in Blocking.start { await listener.run() } }
        defer {
            // The message in hand finishes; a long poll the transport cannot cancel is left behind.
            listening?.cancel(waitingAtMost: 2)
        }
        var failedPasses = 0
        while !isStopRequested {
            var failed = false
            do {
                let report = try drainBlocking()
                failed = report.retryCount > 0
                if !report.files.isEmpty { logger.debug("pass: \(report.summary)") }
            } catch {
                logger.error("\(error)")
                failed = true
            }
            failedPasses = failed ? min(failedPasses + 1, 16) : 0
            _ = wakeUp.wait(timeout: .now() + pause(afterFailedPasses: failedPasses))
        }
        logger.info("strata-notifyd stopped")
        return 0
    }

    /// One pass over `new/` (until a stop request), blocking this thread while the store works.
    private func drainBlocking() throws -> PassReport {
        let processor = processor
        return try Blocking.run { [self] () -> Result<PassReport, any Error> in
            do {
                return .success(try await processor.drain(while: { !isStopRequested }))
            } catch {
                return .failure(error)
            }
        }.get()
    }

    /// The pause before the next pass: the poll interval, doubled per failed pass, capped.
    @_spi(Testing) public func pause(afterFailedPasses count: Int) -> Double {
        guard count > 0 else { return pollInterval }
        return min(pollInterval * Double(1 << min(count, 16)), max(pollInterval, Self.maximumBackoff))
    }

    /// One look at the push channel without waiting; whether it was read (or nobody is signed in).
    private static func lookOnce(at listener: PushChannelListener, logger: Logger) async -> Bool {
        do {
            let processed = try await listener.pass(wait: 0)
            logger.info("push channel: \(processed.count) messages")
            return !processed.contains { if case .retryLater = $0.outcome { true } else { false } }
        } catch let error as DataError where error.code == .notSignedIn {
            logger.info("push channel skipped: nobody is signed in")
            return true
        } catch {
            logger.error("cannot read the push channel; the next run tries again: \(error)")
            return false
        }
    }
}
