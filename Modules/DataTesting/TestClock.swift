public import Foundation
public import StrataCrossCutting
import Synchronization

/// A clock a test moves by hand (lifespans, expiry, session validity): it stands still at
/// `start` until ``advance(_:)`` moves it.
public final class TestClock: StrataClock {
    private let instant: Mutex<Date>
    /// The calendar the clock's days are read in: Gregorian, UTC.
    public let calendar: Calendar

    /// A clock standing at `start` (by default 2027-01-15 08:00 UTC).
    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        instant = Mutex(start)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        self.calendar = calendar
    }

    /// The instant the clock stands at.
    public func now() -> Date { instant.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    public func advance(_ seconds: Double) {
        instant.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
