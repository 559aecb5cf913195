#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Where "now" comes from: the system clock in hosts, a fixed instant in tests.
public protocol StrataClock: Sendable {
    /// The current instant.
    func now() -> Date
    /// The calendar (and time zone) that decides where a day begins and ends.
    var calendar: Calendar { get }
    /// The day that contains `instant`: from its first instant (inclusive) to the next day's
    /// first instant (exclusive), so a day with a daylight-saving change has its real length.
    /// The default asks ``calendar``.
    func day(containing instant: Date) -> DateInterval
}

extension StrataClock {
    /// The day containing `instant` in ``calendar``.
    public func day(containing instant: Date) -> DateInterval {
        calendar.dayInterval(containing: instant)
    }
}

extension Calendar {
    /// The day containing `instant`: from its first instant to the next day's first instant.
    /// The end is the next day's start, not the start plus a day: on a day whose midnight does
    /// not exist (the clocks move from 00:00 to 01:00) the day begins at 01:00, and the next
    /// one still at 00:00.
    func dayInterval(containing instant: Date) -> DateInterval {
        let start = startOfDay(for: instant)
        let next = date(byAdding: .day, value: 1, to: start).map { startOfDay(for: $0) }
        return DateInterval(start: start, end: next.flatMap { $0 > start ? $0 : nil } ?? start.addingTimeInterval(86_400))
    }
}

/// The real clock, in the process's time zone.
///
/// `SystemClock()` finds days with the C library's local time (`localtime_r`/`mktime`, which
/// read `TZ` and `/etc/localtime` from the system's zone data), so a process that links only
/// FoundationEssentials — `strata-status`, which starts without ICU
/// (Architecture.md, "What the widget links") — counts "due today" in its own zone.
public struct SystemClock: StrataClock {
    /// The calendar used for day boundaries and for printing days.
    public let calendar: Calendar
    /// Whether ``day(containing:)`` asks the C library (the process's zone) or ``calendar``.
    private let daysFromLocalTime: Bool

    /// A system clock in the process's time zone.
    ///
    /// ``calendar`` is Gregorian in `TimeZone.current` — ICU's zone when the process links
    /// FoundationInternationalization (every host that imports Foundation does). In a process
    /// without it, where `TimeZone.current` would read as GMT, the calendar takes the C
    /// library's current offset from UTC instead; days come from the C library either way.
    public init() {
        let now = Date()
        var calendar = Calendar(identifier: .gregorian)
        if let offset = LocalTime.offsetFromUTC(at: now), TimeZone.current.secondsFromGMT(for: now) != offset {
            calendar.timeZone = TimeZone(secondsFromGMT: offset) ?? TimeZone.current
        } else {
            calendar.timeZone = TimeZone.current
        }
        self.calendar = calendar
        daysFromLocalTime = true
    }

    /// A system clock using the Gregorian calendar in `timeZone` for days and printing.
    public init(timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        daysFromLocalTime = false
    }

    /// The current instant, read from the system clock on each call.
    public func now() -> Date { Date() }

    /// The day containing `instant` in the process's zone (or in the zone given to
    /// ``init(timeZone:)``).
    public func day(containing instant: Date) -> DateInterval {
        if daysFromLocalTime, let day = LocalTime.day(containing: instant) {
            return day
        }
        return calendar.dayInterval(containing: instant)
    }
}

/// A clock that always reads the same instant: for tests of "due today" and "overdue".
public struct FixedClock: StrataClock {
    /// The instant this clock always returns.
    public let instant: Date
    /// The calendar used for day boundaries.
    public let calendar: Calendar

    /// A clock fixed at `instant`, with Gregorian day boundaries in `timeZone` (default UTC).
    public init(_ instant: Date, timeZone: TimeZone = TimeZone(secondsFromGMT: 0)!) {
        self.instant = instant
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    /// Always ``instant``.
    public func now() -> Date { instant }
}
