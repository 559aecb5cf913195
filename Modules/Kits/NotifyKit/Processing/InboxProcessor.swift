public import Logging
public import StrataCrossCutting
public import StrataDomain
import Foundation

/// Drains the inbox: reads each file of `new/`, records it through the domain exactly once,
/// delivers it, and files it in `cur/` — or quarantines it in `bad/` when it is malformed.
///
/// A failure outside the file (the store) leaves it in `new/` for the next pass, so nothing is
/// lost; a crash between recording and filing is harmless, because the next pass records
/// nothing new and reports the notification as a duplicate. A file that cannot be moved out of
/// `new/` is skipped for a while on its own (remembered by this processor) and holds up no other.
///
/// Files are named by their raw bytes (``InboxFileName``): a name that is not UTF-8 is
/// processed like any other, and shown escaped in logs and reasons.
public struct InboxProcessor: Sendable {
    /// The inbox drained.
    public let inbox: Inbox
    private let recording: NotificationRecording
    private let clock: any StrataClock
    private let logger: Logger
    private let stuck = StuckFiles()

    /// A processor recording through `notifications` and delivering to `delivery`.
    ///
    /// - Parameters:
    ///   - clock: stamps the reason files of quarantined files.
    ///   - logger: each file at debug, quarantines at warning, storage failures at error.
    public init(
        inbox: Inbox, notifications: any NotificationService, delivery: any NotificationDelivery,
        clock: any StrataClock, logger: Logger
    ) {
        self.inbox = inbox
        recording = NotificationRecording(notifications: notifications, delivery: delivery)
        self.clock = clock
        self.logger = logger
    }

    /// Processes the files waiting in `new/`, oldest name first, while `shouldContinue()` holds
    /// (it is asked before each file, so a stop request finishes the file in hand first).
    ///
    /// - Throws: ``NotifyKitError`` `inbox` when `new/` cannot be listed.
    public func drain(while shouldContinue: () -> Bool = { true }) async throws -> PassReport {
        var report = PassReport()
        let names = try inbox.pendingNames()
        stuck.keepOnly(names)
        for name in names where !stuck.isWaiting(name) {
            guard shouldContinue() else { break }
            let outcome = await process(name)
            if case .skipped = outcome { stuck.remember(name) } else { stuck.forget(name) }
            report.files.append(ProcessedFile(name: name, outcome: outcome))
        }
        return report
    }

    /// Processes the one file `new/<name>`; never throws: every failure is an outcome.
    public func process(_ name: InboxFileName) async -> FileOutcome {
        var logger = self.logger
        logger[metadataKey: "file"] = "new/\(name.escaped)"
        logger.debug("processing notification file")
        let source = Inbox.source(name)
        let notification: IncomingNotification
        do {
            notification = try IncomingNotification.decode(try inbox.read(name), source: source)
        } catch {
            return unreadable(name, error, logger: logger)
        }
        logger[metadataKey: "id"] = "\(InboxFileName(notification.id).escaped)"
        let outcome: FileOutcome
        switch await recording.record(notification, source: source) {
        case .delivered(let delivered):
            outcome = delivered
        case .malformed(let reason):
            return quarantine(name, reason: reason, logger: logger)
        case .failed(let reason):
            logger.error("cannot record the notification; it stays in new/ for the next pass: \(reason)")
            return .retryLater(reason: reason)
        }
        do {
            let destination = try inbox.accept(name)
            logger.debug("filed in cur/", metadata: ["to": "\(destination.escaped)"])
        } catch let error as NotifyKitError where error.code == .vanished {
            logger.debug("recorded, but another reader filed it first")
        } catch {
            logger.error("recorded, but cannot move it to cur/; skipped for a while (then a duplicate): \(error)")
            return .skipped(reason: "\(error)")
        }
        return outcome
    }

    /// The outcome for a file that could not be read or decoded.
    private func unreadable(_ name: InboxFileName, _ error: any Error, logger: Logger) -> FileOutcome {
        switch error {
        case let error as NotifyKitError where error.code == .vanished:
            logger.debug("gone before it was read (another reader took it)")
            return .vanished
        case let error as NotifyKitError where error.code == .rejectedFile:
            return quarantine(name, reason: error.message, logger: logger)
        case let error as NotifyKitError:
            logger.error("cannot read the file; it stays in new/ for the next pass: \(error)")
            return .retryLater(reason: error.message)
        default:
            return quarantine(name, reason: "\(error)", logger: logger)
        }
    }

    /// Moves a malformed file to `bad/` with its reason; when even that fails it stays in
    /// `new/`, skipped for a while.
    private func quarantine(_ name: InboxFileName, reason: String, logger: Logger) -> FileOutcome {
        do {
            let destination = try inbox.quarantine(name, reason: reason, at: clock.now())
            logger.warning("quarantined in bad/\(destination.escaped): \(Inbox.oneLine(reason))")
            return .quarantined(reason: reason)
        } catch let error as NotifyKitError where error.code == .vanished {
            logger.debug("gone before it was quarantined (another reader took it)")
            return .vanished
        } catch {
            logger.error("malformed, but cannot quarantine it; it stays in new/, skipped for a while: \(error)")
            return .skipped(reason: "\(error)")
        }
    }
}
