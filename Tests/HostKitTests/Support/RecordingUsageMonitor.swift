import StrataCrossCutting
import Synchronization

/// A ``UsageMonitor`` that keeps every report, in order, for a test to read.
final class RecordingUsageMonitor: UsageMonitor {
    /// One report: an event, or a failure with its source.
    enum Report: Equatable {
        case event(UsageEvent)
        case failure(message: String, source: String)
    }

    private let kept = Mutex<[Report]>([])

    /// What was reported so far.
    var reports: [Report] { kept.withLock { $0 } }

    /// The events reported so far.
    var events: [UsageEvent] {
        reports.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    func record(_ event: UsageEvent) async { kept.withLock { $0.append(.event(event)) } }

    func recordFailure(_ message: String, source: String) async {
        kept.withLock { $0.append(.failure(message: message, source: source)) }
    }

    /// Forgets what was reported.
    func reset() { kept.withLock { $0.removeAll() } }
}
