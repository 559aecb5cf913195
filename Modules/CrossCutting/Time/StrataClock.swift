#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
import Synchronization

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
    /// Where the calendar comes from, made on first use (a status bar's tick never needs it).
    private let zone: CalendarSource

    /// A system clock in the process's time zone.
    ///
    /// ``calendar`` is Gregorian in `TimeZone.current` — ICU's zone when the process links
    /// FoundationInternationalization (every host that imports Foundation does). In a process
    /// without it, where `TimeZone.current` would read as GMT, the calendar takes the C
    /// library's current offset from UTC instead; days come from the C library either way.
    public init() {
        zone = CalendarSource(timeZone: nil)
    }

    /// A system clock using the Gregorian calendar in `timeZone` for days and printing.
    public init(timeZone: TimeZone) {
        zone = CalendarSource(timeZone: timeZone)
    }

    /// The calendar used for day boundaries and for printing days.
    public var calendar: Calendar { zone.calendar }

    /// The current instant, read from the system clock on each call.
    public func now() -> Date { Date() }

    /// The day containing `instant` in the process's zone (or in the zone given to
    /// ``init(timeZone:)``).
    public func day(containing instant: Date) -> DateInterval {
        if zone.timeZone == nil, let day = LocalTime.day(containing: instant) {
            return day
        }
        return calendar.dayInterval(containing: instant)
    }
}

/// A system clock's calendar, made once on first use.
private final class CalendarSource: Sendable {
    /// The zone asked for, or `nil` for the process's.
    let timeZone: TimeZone?
    /// The calendar once made.
    private let made = Mutex<Calendar?>(nil)

    init(timeZone: TimeZone?) {
        self.timeZone = timeZone
    }

    /// The Gregorian calendar in ``timeZone`` or the process's zone.
    var calendar: Calendar {
        made.withLock { made in
            if let made { return made }
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = timeZone ?? Self.processZone()
            made = calendar
            return calendar
        }
    }

    /// `TimeZone.current`, unless it disagrees with the C library about the offset now (no ICU
    /// in the process): then a zone at the C library's offset.
    private static func processZone() -> TimeZone {
        let now = Date()
        let current = TimeZone.current
        guard let offset = LocalTime.offsetFromUTC(at: now), current.secondsFromGMT(for: now) != offset else {
            return current
        }
        return TimeZone(secondsFromGMT: offset) ?? current
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
