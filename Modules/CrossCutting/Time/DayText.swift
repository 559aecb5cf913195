#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Reads and writes calendar days and instants as text (`2026-11-22`, ISO 8601).
///
/// Reading is strict, and every Strata reader of dates goes through it (command-line options,
/// `strata://` parameters, notification documents): a date that does not exist is refused,
/// never rolled over into the next month or day. `2026-02-30`, `2026-11-22T24:30:00Z`,
/// `0000-01-01` and `2026-11-22T09:00:60Z` are errors naming the value and why.
public enum DayText {
    /// Parses `YYYY-MM-DD` as the start of that day in `calendar`'s time zone, or a full
    /// ISO 8601 instant (`2026-11-22T09:30:00Z`, see ``parseInstant(_:what:)``).
    ///
    /// - Throws: ``CrossCuttingError`` (`badDate`) naming `what`, the value, why it is not a
    ///   date when it looks like one, and the accepted forms.
    public static func parse(_ text: String, calendar: Calendar, what: String) throws -> Date {
        let result: Result<Date, StrictDate.Problem>
        if text.utf8.count == 10 {
            result = StrictDate.day(text).flatMap { day in
                let components = DateComponents(year: day.year, month: day.month, day: day.day)
                guard let date = calendar.date(from: components) else { return .failure(.notADate) }
                let start = calendar.startOfDay(for: date)
                // Foundation's Gregorian calendar switches to the Julian one before 1582-10-15:
                // the ten days the reform skipped would roll over to later days.
                let back = calendar.dateComponents([.year, .month, .day], from: start)
                guard back.year == day.year, back.month == day.month, back.day == day.day else {
                    return .failure(.impossible(localized("the calendar has no such day (1582-10-05 to 1582-10-14 were skipped by the Gregorian reform)", ja: "暦にその日はありません（1582-10-05〜1582-10-14 はグレゴリオ暦への改暦で飛ばされました）")))
                }
                return .success(start)
            }
        } else {
            result = StrictDate.instant(text).flatMap { date in
                // An instant near the ends of the range can fall on a day outside it here.
                let year = calendar.component(.year, from: date)
                guard (1...9999).contains(year), calendar.component(.era, from: date) == 1 else {
                    return .failure(.impossible(localized("it falls on a day outside the years 0001 to 9999 in this time zone", ja: "このタイムゾーンでは 0001〜9999 年の範囲外の日になります")))
                }
                return .success(date)
            }
        }
        switch result {
        case .success(let date): return date
        case .failure(let problem):
            throw CrossCuttingError(
                .badDate,
                localized(
                    "\(what) '\(TerminalText.escaped(text))' is not a date\(problem.clause); expected YYYY-MM-DD "
                        + "or an ISO 8601 instant such as 2026-11-22T09:30:00Z",
                    ja: "\(what) の「\(TerminalText.escaped(text))」は日付ではありません\(problem.clause)。YYYY-MM-DD "
                        + "または 2026-11-22T09:30:00Z のような ISO 8601 の日時を指定してください"))
        }
    }

    /// Parses an ISO 8601 instant: `YYYY-MM-DDTHH:MM:SS`, optional fractional seconds, then
    /// `Z` or an offset (`+09:00`, `+0900`). Years 0001 to 9999; every field must exist (no
    /// February 30, no hour 24, no second 60).
    ///
    /// - Throws: ``CrossCuttingError`` (`badDate`): `<what> is '<text>', which is not an
    ///   instant: <why>; expected …`.
    public static func parseInstant(_ text: String, what: String) throws -> Date {
        switch StrictDate.instant(text) {
        case .success(let date): return date
        case .failure(let problem):
            throw CrossCuttingError(
                .badDate,
                localized(
                    "\(what) is '\(TerminalText.escaped(text))', which is not an instant\(problem.clause); expected an ISO 8601 "
                        + "instant such as 2026-11-22T09:30:00Z",
                    ja: "\(what) の「\(TerminalText.escaped(text))」は日時ではありません\(problem.clause)。"
                        + "2026-11-22T09:30:00Z のような ISO 8601 の日時を指定してください"))
        }
    }

    /// Formats the day of `date` in `calendar`'s time zone as `YYYY-MM-DD`.
    public static func day(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 0
        let month = parts.month ?? 0
        let day = parts.day ?? 0
        return "\(zeroPadded(year, 4))-\(zeroPadded(month, 2))-\(zeroPadded(day, 2))"
    }

    /// `number` in at least `width` digits, zero-padded after any sign, as `String(format:)`'s
    /// `%0<width>d` prints it (`zeroPadded(7, 2)` is `07`), without full Foundation.
    public static func zeroPadded(_ number: Int, _ width: Int) -> String {
        let digits = String(number.magnitude)
        let sign = number < 0 ? "-" : ""
        return sign + String(repeating: "0", count: max(0, width - sign.count - digits.count)) + digits
    }

    /// Formats an instant as ISO 8601 in UTC (`2026-11-22T09:30:00Z`).
    public static func instant(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
