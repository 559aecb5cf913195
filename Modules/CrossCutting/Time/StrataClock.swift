#if canImport(FoundationEssentials)
    public import FoundationEssentials
    // The named time zones (`TimeZone.current`, `TimeZone(identifier: "UTC")`) come from ICU,
    // in FoundationInternationalization: a process linking only FoundationEssentials would see
    // every zone as GMT. This import links it wherever a clock is used.
    import FoundationInternationalization
#else
    public import Foundation
#endif

/// Where "now" comes from: the system clock in hosts, a fixed instant in tests.
public protocol StrataClock: Sendable {
    /// The current instant.
    func now() -> Date
    /// The calendar (and time zone) that decides where a day begins and ends.
    var calendar: Calendar { get }
}

/// The real clock, in the process's time zone.
public struct SystemClock: StrataClock {
    /// The calendar used for day boundaries.
    public let calendar: Calendar

    /// A system clock using the Gregorian calendar in `timeZone` (default: the process's).
    public init(timeZone: TimeZone = .current) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// The current instant, read from the system clock on each call.
    public func now() -> Date { Date() }
}

/// A clock that always reads the same instant: for tests of "due today" and "overdue".
public struct FixedClock: StrataClock {
    /// The instant this clock always returns.
    public let instant: Date
    /// The calendar used for day boundaries.
    public let calendar: Calendar

    /// A clock fixed at `instant`, with Gregorian day boundaries in `timeZone` (default UTC).
    public init(_ instant: Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.instant = instant
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// Always ``instant``.
    public func now() -> Date { instant }
}
