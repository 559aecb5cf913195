public import Foundation

/// Reads and writes calendar days and instants as text (`2026-11-22`, ISO 8601).
public enum DayText {
    /// Parses `YYYY-MM-DD` as the start of that day in `calendar`'s time zone, or a full
    /// ISO 8601 instant (`2026-11-22T09:30:00Z`).
    ///
    /// - Throws: ``CrossCuttingError`` (`badDate`) naming `what` and the accepted forms.
    public static func parse(_ text: String, calendar: Calendar, what: String) throws -> Date {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        if parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        {
            let components = DateComponents(year: year, month: month, day: day)
            if let date = calendar.date(from: components),
                calendar.component(.day, from: date) == day
            {
                return date
            }
        }
        if let instant = try? Date(text, strategy: .iso8601) {
            return instant
        }
        throw CrossCuttingError(
            .badDate, "\(what) '\(text)' is not a date; expected YYYY-MM-DD or an ISO 8601 instant")
    }

    /// Formats the day of `date` in `calendar`'s time zone as `YYYY-MM-DD`.
    public static func day(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 0
        let month = parts.month ?? 0
        let day = parts.day ?? 0
        return String(format: "%04d-%02d-%02d", year, month, day)
    }

    /// Formats an instant as ISO 8601 in UTC (`2026-11-22T09:30:00Z`).
    public static func instant(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
