import Foundation
import StrataCrossCutting
import Synchronization

/// A clock tests move by hand (lifespans, expiry).
final class TestClock: StrataClock {
    private let instant: Mutex<Date>
    let calendar: Calendar

    init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        instant = Mutex(start)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        self.calendar = calendar
    }

    func now() -> Date { instant.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    func advance(_ seconds: Double) {
        instant.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
