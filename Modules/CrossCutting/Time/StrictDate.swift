#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The strict reader behind ``DayText``: fixed-width ISO 8601 fields, each checked against
/// the proleptic Gregorian calendar, with no rolling over.
enum StrictDate {
    /// Why a text is not a date.
    enum Problem: Error, Equatable {
        /// The text does not have the shape of a date or instant.
        case notADate
        /// The text has the shape but a field does not exist; the words say which.
        case impossible(String)

        /// `: <why>` for an impossible field, nothing for a text of the wrong shape.
        var clause: String {
            switch self {
            case .notADate: ""
            case .impossible(let why): ": \(why)"
            }
        }
    }

    /// A calendar day as written.
    struct Day: Equatable {
        var year: Int
        var month: Int
        var day: Int
    }

    /// `YYYY-MM-DD`, every field checked (years 0001…9999).
    static func day(_ text: String) -> Result<Day, Problem> {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(bytes, 0, 4), let month = number(bytes, 5, 2), let day = number(bytes, 8, 2)
        else { return .failure(.notADate) }
        guard year >= 1 else { return .failure(.impossible(localized("there is no year 0000 (years run from 0001)", ja: "0000 年はありません（年は 0001 から）"))) }
        guard (1...12).contains(month) else { return .failure(.impossible(localized("there is no month \(bytes.text(5, 2))", ja: "\(bytes.text(5, 2)) 月はありません"))) }
        let length = daysIn(month: month, year: year)
        guard (1...length).contains(day) else {
            return .failure(.impossible(localized("\(bytes.text(0, 7)) has no day \(bytes.text(8, 2)) (it has \(length) days)", ja: "\(bytes.text(0, 7)) に \(bytes.text(8, 2)) 日はありません（\(length) 日まで）")))
        }
        return .success(Day(year: year, month: month, day: day))
    }

    /// `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM|±HHMM)`, every field checked.
    static func instant(_ text: String) -> Result<Date, Problem> {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
            bytes[16] == UInt8(ascii: ":"), let hour = number(bytes, 11, 2), let minute = number(bytes, 14, 2),
            let second = number(bytes, 17, 2)
        else { return .failure(.notADate) }
        let day: Day
        switch Self.day(String(decoding: bytes[0..<10], as: UTF8.self)) {
        case .success(let parsed): day = parsed
        case .failure(let problem): return .failure(problem)
        }
        var index = 19
        var fraction = 0.0
        if bytes[index] == UInt8(ascii: ".") {
            let start = index + 1
            var end = start
            while end < bytes.count, isDigit(bytes[end]) { end += 1 }
            guard end > start, end - start <= 9 else { return .failure(.notADate) }
            fraction = Double("0." + String(decoding: bytes[start..<end], as: UTF8.self)) ?? 0
            index = end
        }
        guard let offset = zoneOffset(bytes, from: index) else { return .failure(.notADate) }
        guard hour <= 23 else { return .failure(.impossible(localized("there is no hour \(bytes.text(11, 2)) (hours run 00 to 23)", ja: "\(bytes.text(11, 2)) 時はありません（時は 00〜23）"))) }
        guard minute <= 59 else { return .failure(.impossible(localized("there is no minute \(bytes.text(14, 2))", ja: "\(bytes.text(14, 2)) 分はありません"))) }
        guard second <= 59 else { return .failure(.impossible(localized("there is no second \(bytes.text(17, 2))", ja: "\(bytes.text(17, 2)) 秒はありません"))) }
        guard let offsetSeconds = offset else {
            return .failure(.impossible(localized("the time zone offset \(String(decoding: bytes[index...], as: UTF8.self)) is out of range", ja: "タイムゾーンのオフセット \(String(decoding: bytes[index...], as: UTF8.self)) は範囲外です")))
        }
        let days = daysSinceEpoch(day)
        let seconds = Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offsetSeconds) + fraction
        return .success(Date(timeIntervalSince1970: seconds))
    }

    /// The offset in seconds east of UTC of the zone designator that ends `bytes` at `index`;
    /// `nil` when the text is no designator, `.some(nil)` when its fields are out of range.
    private static func zoneOffset(_ bytes: [UInt8], from index: Int) -> Int?? {
        let rest = bytes.count - index
        if rest == 1, bytes[index] == UInt8(ascii: "Z") { return .some(0) }
        guard rest == 6 || rest == 5, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else {
            return nil
        }
        guard let hours = number(bytes, index + 1, 2) else { return nil }
        let minutesAt = rest == 6 ? index + 4 : index + 3
        if rest == 6, bytes[index + 3] != UInt8(ascii: ":") { return nil }
        guard let minutes = number(bytes, minutesAt, 2) else { return nil }
        guard hours <= 23, minutes <= 59 else { return .some(nil) }
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        return .some(sign * (hours * 3_600 + minutes * 60))
    }

    /// The days in `month` of `year` in the Gregorian calendar.
    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to `day` in the proleptic Gregorian calendar (H. Hinnant's algorithm).
    static func daysSinceEpoch(_ day: Day) -> Int {
        let year = day.month <= 2 ? day.year - 1 : day.year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (day.month + (day.month > 2 ? -3 : 9)) + 2) / 5 + day.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The decimal number in `bytes[start ..< start + count]`, all ASCII digits, else `nil`.
    private static func number(_ bytes: [UInt8], _ start: Int, _ count: Int) -> Int? {
        guard start + count <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[start..<(start + count)] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}

extension Array where Element == UInt8 {
    /// The ASCII text of `count` bytes from `start` (only called on ranges already checked).
    fileprivate func text(_ start: Int, _ count: Int) -> String {
        String(decoding: self[start..<(start + count)], as: UTF8.self)
    }
}
