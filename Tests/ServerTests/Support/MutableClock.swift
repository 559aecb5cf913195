import Foundation
import StrataCrossCutting
import Synchronization

/// A clock the test moves forward, to expire tokens without waiting.
final class MutableClock: StrataClock {
    private let instant: Mutex<Date>
    let calendar = Calendar(identifier: .gregorian)

    init(_ start: Date = Date()) { instant = Mutex(start) }

    func now() -> Date { instant.withLock { $0 } }

    /// Moves the clock `seconds` forward.
    func advance(_ seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
}
