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
        let outcome: FileOutcome
        do {
            switch try await notifications.record(notification) {
            case .recorded(let record): outcome = .recorded(record)
            case .duplicate(let record): outcome = .duplicate(record)
            }
        } catch let error as DomainError where error.code == .malformedNotification || error.code == .invalidInput {
            return .malformed(reason: error.message.hasPrefix(source) ? error.message : "\(source): \(error.message)")
        } catch {
            return .failed(reason: "\(error)")
        }
        if let line = outcome.deliveryLine { delivery.deliver(line) }
        return .delivered(outcome)
    }
}
