public import Logging
import StrataCrossCutting
public import StrataDomain
public import StrataSync

/// Receives this device's push messages from the sync server and takes each through the same
/// path as an inbox file: enrich → record exactly once (per message id) → deliver one line.
///
/// A message is acknowledged (the channel's cursor, kept in the store, moves past it) only
/// after it is recorded, so a crash in between receives it again — and records nothing new,
/// because recording is once per id. Nobody signed in is not an error: the listener waits
/// for a login (`strata-host account login`) and looks again every ``idleInterval`` seconds.
public struct PushChannelListener: Sendable {
    /// Seconds one long poll waits on the server for the next message.
    public static let longPollWait = 25.0
    /// The longest pause after repeated failures, in seconds.
    public static let maximumBackoff = 30.0

    private let sync: any SyncEngine
    private let recording: NotificationRecording
    private let logger: Logger
    /// Seconds between looks while nobody is signed in.
    public let idleInterval: Double

    /// A listener on `sync`'s push channel, recording through `notifications` and delivering
    /// to `delivery` (as ``InboxProcessor`` does).
    public init(
        sync: any SyncEngine, notifications: any NotificationService, delivery: any NotificationDelivery, logger: Logger,
        idleInterval: Double = 5
    ) {
        self.sync = sync
        recording = NotificationRecording(notifications: notifications, delivery: delivery)
        self.logger = logger
        self.idleInterval = max(0.01, idleInterval)
    }

    /// One look at the channel: receives the waiting messages (the server holds the request
    /// up to `wait` seconds for the first), records and delivers each in order, and
    /// acknowledges each one handled. Stops at the first message the store fails to record.
    ///
    /// - Throws: `SyncError` from the engine: `offline`, `notSignedIn`, `unreachable`,
    ///   `serverError`; nothing is acknowledged then.
    public func pass(wait: Double) async throws -> [ProcessedMessage] {
        var processed: [ProcessedMessage] = []
        for message in try await sync.receivePushMessages(wait: wait) {
            let outcome = await handle(message)
            processed.append(ProcessedMessage(message: message, outcome: outcome))
            if case .retryLater = outcome { break }
            try await sync.acknowledgePushMessages(through: message.sequence)
        }
        return processed
    }

    /// Looks at the channel again and again (long polls) until the task is cancelled; returns
    /// at once when no server is configured. Failures are logged and back off.
    public func run() async {
        var failures = 0
        var waitingForLogin = false
        while !Task.isCancelled {
            var pause = 0.0
            do {
                let processed = try await pass(wait: Self.longPollWait)
                waitingForLogin = false
                let stuck = processed.contains { if case .retryLater = $0.outcome { true } else { false } }
                failures = stuck ? failures + 1 : 0
                pause = backoff(afterFailures: failures)
            } catch let error as SyncError where error.code == .offline {
                logger.info("no sync server configured: the push channel is off")
                return
            } catch let error as SyncError where error.code == .notSignedIn {
                if !waitingForLogin { logger.info("the push channel waits for a login (strata-host account login)") }
                waitingForLogin = true
                pause = idleInterval
            } catch {
                failures += 1
                pause = backoff(afterFailures: failures)
                logger.warning("cannot read the push channel; trying again in \(pause) s: \(error)")
            }
            if pause > 0 {
                do { try await Task.sleep(for: .milliseconds(Int64(pause * 1000))) } catch { return }
            }
        }
    }

    /// The pause after `count` failures in a row: none, then up to 1, 2, 4 … seconds, capped
    /// (a ``Backoff`` with full jitter: every device of a server that went down does not come
    /// back at the same instant).
    func backoff(afterFailures count: Int) -> Double {
        Backoff(first: 1, cap: Self.maximumBackoff).delay(afterFailures: count)
    }

    /// Records and delivers one message.
    private func handle(_ message: PushedMessage) async -> FileOutcome {
        let source = "push message \(message.sequence) (\(message.id))"
        let notification = IncomingNotification(
            id: message.id, kind: "message", title: message.title, body: message.body.isEmpty ? nil : message.body,
            sentAt: message.sentAt)
        switch await recording.record(notification, source: source) {
        case .delivered(let outcome):
            return outcome
        case .malformed(let reason):
            logger.warning("skipped a malformed push message: \(reason)")
            return .quarantined(reason: reason)
        case .failed(let reason):
            logger.error("cannot record \(source); it is received again at the next look: \(reason)")
            return .retryLater(reason: reason)
        }
    }
}
