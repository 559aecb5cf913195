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
///
/// Every file operation (listing `new/`, reading, moving to `cur/` or `bad/`) and every
/// delivered line runs on the processor's own ``BlockingLane``, never on Swift's cooperative
/// pool: the calling task is suspended meanwhile (its task-locals, such as the message
/// language of the delivered lines, bound there).
public struct InboxProcessor: Sendable {
    /// The inbox drained.
    public let inbox: Inbox
    private let recording: NotificationRecording
    private let clock: any StrataClock
    private let logger: Logger
    private let stuck: StuckFiles
    /// Where the blocking file work runs.
    private let queue = BlockingLane(label: "strata.notifyd.inbox")

    /// A processor recording through `notifications` and delivering to `delivery`.
    ///
    /// - Parameters:
    ///   - clock: stamps the reason files of quarantined files.
    ///   - logger: each file at debug, quarantines at warning, storage failures at error.
    ///   - stuckFilePause: how long a file that could not be moved out of `new/` is skipped
    ///     after its first failure, in seconds (doubled after each next one, up to 300).
    public init(
        inbox: Inbox, notifications: any NotificationService, delivery: any NotificationDelivery,
        clock: any StrataClock, logger: Logger, stuckFilePause: Double = 1
    ) {
        self.inbox = inbox
        stuck = StuckFiles(firstPause: stuckFilePause)
        recording = NotificationRecording(notifications: notifications, delivery: delivery)
        self.clock = clock
        self.logger = logger
    }

    /// The most files recorded in one transaction.
    public static let batchSize = 64

    /// Processes the files waiting in `new/`, oldest name first, while `shouldContinue()` holds
    /// (it is asked before each file is taken, so a stop request finishes the files in hand first).
    ///
    /// Files are taken up to ``batchSize`` at a time: read and decoded, their notifications
    /// recorded in one transaction, then each delivered and filed in `cur/` (or quarantined) in
    /// name order. A file leaves `new/` only after its notification is committed.
    ///
    /// - Throws: ``NotifyKitError`` `inbox` when `new/` cannot be listed.
    public func drain(while shouldContinue: () -> Bool = { true }) async throws -> PassReport {
        var report = PassReport()
        let inbox = self.inbox
        let names = try await queue.run { try inbox.pendingNames() }
        stuck.keepOnly(names)
        var waiting = names.filter { !stuck.isWaiting($0) }[...]
        while !waiting.isEmpty {
            var batch: [InboxFileName] = []
            while batch.count < Self.batchSize, let name = waiting.first, shouldContinue() {
                batch.append(name)
                waiting.removeFirst()
            }
            guard !batch.isEmpty else { break }
            for (name, outcome) in zip(batch, await process(batch)) {
                if case .skipped = outcome { stuck.remember(name) } else { stuck.forget(name) }
                report.files.append(ProcessedFile(name: name, outcome: outcome))
            }
            if batch.count < Self.batchSize && !waiting.isEmpty { break }  // asked to stop
        }
        return report
    }

    /// How long until a file skipped because it could not be moved is tried again (`nil`
    /// when none is): nothing changes in `new/` to announce it, so the daemon looks by then.
    var untilNextStuckRetry: Duration? { stuck.untilNextRetry() }

    /// Processes the one file `new/<name>`; never throws: every failure is an outcome.
    public func process(_ name: InboxFileName) async -> FileOutcome {
        await process([name])[0]
    }

    /// Processes `names` together (their notifications recorded in one transaction); returns
    /// each file's outcome in order. Never throws: every failure is an outcome.
    func process(_ names: [InboxFileName]) async -> [FileOutcome] {
        let read = await queue.run { [self] in names.map(readFile) }
        let batch = read.compactMap(\.notification)
        let recorded = await recording.recordTogether(batch)
        return await queue.run { [self] in
            var recorded = recorded[...]
            return read.map { file in
                switch file.content {
                case .unreadable(let error): unreadable(file.name, error, logger: file.logger)
                case .notification: finish(file.name, recorded.removeFirst(), logger: file.logger)
                }
            }
        }
    }

    /// Reads and decodes `new/<name>` (on the queue: it blocks).
    private func readFile(_ name: InboxFileName) -> ReadFile {
        var logger = self.logger
        logger[metadataKey: "file"] = "new/\(name.escaped)"
        logger.debug("processing notification file")
        let source = Inbox.source(name)
        do {
            let notification = try IncomingNotification.decode(try inbox.read(name), source: source)
            logger[metadataKey: "id"] = "\(InboxFileName(notification.id).escaped)"
            return ReadFile(name: name, logger: logger, content: .notification(notification, source: source))
        } catch {
            return ReadFile(name: name, logger: logger, content: .unreadable(error))
        }
    }

    /// A file of a batch, read: its notification, or why it could not be read.
    private struct ReadFile: Sendable {
        enum Content: Sendable {
            case notification(IncomingNotification, source: String)
            case unreadable(any Error)
        }

        let name: InboxFileName
        let logger: Logger
        let content: Content

        var notification: (notification: IncomingNotification, source: String)? {
            if case .notification(let notification, let source) = content { (notification, source) } else { nil }
        }
    }

    /// Delivers a recorded file's line and moves it to `cur/`; quarantines a malformed one;
    /// leaves it in `new/` when the store failed. Runs on the queue (it writes and moves).
    private func finish(
        _ name: InboxFileName, _ recorded: NotificationRecording.RecordOutcomeOrFailure, logger: Logger
    ) -> FileOutcome {
        let outcome: FileOutcome
        let result: NotificationRecording.Result =
            switch recorded {
            case .recorded(let record): recording.deliver(record)
            case .failed(let failure): failure
            }
        switch result {
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
