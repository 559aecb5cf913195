import StrataNotifyKit
import Synchronization

/// A delivery that keeps every line, for tests to read back.
final class RecordingDelivery: NotificationDelivery {
    private let stored = Mutex<[String]>([])

    /// Every line delivered so far, in order.
    var lines: [String] { stored.withLock { $0 } }

    func deliver(_ line: String) {
        stored.withLock { $0.append(line) }
    }
}
