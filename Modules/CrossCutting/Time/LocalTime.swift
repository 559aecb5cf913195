#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process's local time through the C library (`localtime_r`, `mktime`): the zone of `TZ`
/// or `/etc/localtime`, from the system's zone data, without ICU.
enum LocalTime {
    /// The process's offset from UTC at `instant`, in seconds (east positive), or `nil` when
    /// the C library cannot convert it.
    static func offsetFromUTC(at instant: Date) -> Int? {
        fields(of: instant).map { Int($0.tm_gmtoff) }
    }

    /// The local day containing `instant`, from its first existing instant to the next day's,
    /// or `nil` when the C library cannot convert it (then the caller asks a calendar).
    static func day(containing instant: Date) -> DateInterval? {
        guard let local = fields(of: instant),
            let start = firstInstant(year: local.tm_year, month: local.tm_mon, day: local.tm_mday),
            let end = firstInstant(year: local.tm_year, month: local.tm_mon, day: local.tm_mday + 1),
            start <= instant, instant < end
        else { return nil }
        return DateInterval(start: start, end: end)
    }

    /// The broken-down local time of `instant`.
    private static func fields(of instant: Date) -> tm? {
        let seconds = instant.timeIntervalSince1970.rounded(.down)
        guard seconds.magnitude < 1e15 else { return nil }
        var time = time_t(seconds)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        return parts
    }

    /// The first instant of a local day (`month` 0-based, `day` may be one past the month's
    /// end: `mktime` carries it). Midnight itself may not exist (a zone that moves its clocks
    /// forward at 00:00); the day then begins at the first local time that does.
    private static func firstInstant(year: Int32, month: Int32, day: Int32) -> Date? {
        var parts = tm()
        parts.tm_year = year
        parts.tm_mon = month
        parts.tm_mday = day
        parts.tm_isdst = -1
        // Noon always exists: normalizing it names the wanted day (year, day of the year).
        parts.tm_hour = 12
        var noon = parts
        guard mktime(&noon) != -1 else { return nil }
        let wanted = (noon.tm_year, noon.tm_yday)
        parts.tm_hour = 0
        var start = mktime(&parts)
        guard start != -1 else { return nil }
        // mktime may carry a missing midnight back into the day before: step forward by the
        // hour until the instant's local date is the wanted one.
        for _ in 0..<4 {
            var check = tm()
            guard localtime_r(&start, &check) != nil else { return nil }
            if (check.tm_year, check.tm_yday) >= wanted { break }
            start += 3_600
        }
        return Date(timeIntervalSince1970: TimeInterval(start))
    }
}
