import StrataDomain

/// The step every channel shares: record a notification through the domain exactly once
/// (enriching it), then deliver its line — for inbox files and push messages alike.
struct NotificationRecording: Sendable {
    let notifications: any NotificationService
    let delivery: any NotificationDelivery

    /// What recording one notification came to.
    enum Result: Sendable {
        /// Recorded now, or found recorded before; its line was delivered.
        case delivered(FileOutcome)
        /// The notification itself is malformed (`reason` names `source` and the problem).
        case malformed(reason: String)
        /// Something outside the notification failed (the store): try again later.
        case failed(reason: String)
    }

    /// Records `notification` (read from `source`, for messages) and delivers its line.
    func record(_ notification: IncomingNotification, source: String) async -> Result {
        let outcome: RecordOutcome
        do {
            outcome = try await notifications.record(notification)
        } catch {
            return Self.failure(error, source: source)
        }
        return deliver(outcome)
    }

    /// Records several notifications (each read from its `source`) together — the new ones in
    /// one transaction — and returns what each came to, in order; nothing is delivered yet:
    /// the caller delivers each line (``deliver(_:)``) as it files the notification's source.
    func recordTogether(_ batch: [(notification: IncomingNotification, source: String)]) async -> [RecordOutcomeOrFailure] {
        await zip(batch, notifications.record(batch.map(\.notification))).map { item, result in
            switch result {
            case .success(let outcome): .recorded(outcome)
            case .failure(let error): .failed(Self.failure(error, source: item.source))
            }
        }
    }

    /// What recording one notification of a batch came to, before delivery.
    enum RecordOutcomeOrFailure: Sendable {
        /// Recorded now or before: deliver it.
        case recorded(RecordOutcome)
        /// Malformed, or the store failed (a ``Result`` other than `.delivered`).
        case failed(Result)
    }

    /// Delivers the line of a recorded (or duplicate) notification.
    func deliver(_ outcome: RecordOutcome) -> Result {
        let outcome: FileOutcome =
            switch outcome {
            case .recorded(let record): .recorded(record)
            case .duplicate(let record): .duplicate(record)
            }
        if let line = outcome.deliveryLine {
            if case .recorded(let record) = outcome {
                delivery.deliver(recorded: record, line: line)
            } else {
                delivery.deliver(line)
            }
        }
        return .delivered(outcome)
    }

    /// A malformed notification (`reason` names `source` and the problem), or a failure to try again.
    private static func failure(_ error: any Error, source: String) -> Result {
        if let error = error as? DomainError, error.code == .malformedNotification || error.code == .invalidInput {
            return .malformed(reason: error.message.hasPrefix(source) ? error.message : "\(source): \(error.message)")
        }
        return .failed(reason: "\(error)")
    }
}
