import Foundation
import StrataCrossCutting
import Testing

@Suite("Dates are read strictly: an impossible date is refused, never rolled over")
struct StrictDateTests {
    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    @Test(
        "an impossible day, hour, second or year is refused naming the value and why",
        arguments: [
            ("2026-02-30T10:00:00Z", "has no day 30"), ("2026-11-22T24:30:00Z", "no hour 24"),
            ("0000-01-01T00:00:00Z", "no year 0000"), ("2026-11-22T09:00:60Z", "no second 60"),
            ("2026-11-22T09:60:00Z", "no minute 60"), ("2026-11-22T09:00:00+24:00", "offset"),
            ("2026-02-29", "has no day 29"), ("0000-01-01", "no year 0000"), ("2026-04-31", "has no day 31"),
        ])
    func impossible(text: String, why: String) throws {
        let error = try #require(throws: CrossCuttingError.self) {
            try DayText.parse(text, calendar: Self.utc, what: "--date")
        }
        #expect(error.code == .badDate)
        #expect(error.message.hasPrefix("--date '\(text)' is not a date"), "\(error.message)")
        #expect(error.message.contains(why), "\(error.message)")
        if text.count > 10 {
            let instant = try #require(throws: CrossCuttingError.self) { try DayText.parseInstant(text, what: "key 'sentAt'") }
            #expect(instant.message.hasPrefix("key 'sentAt' is '\(text)'"), "\(instant.message)")
            #expect(instant.message.contains(why), "\(instant.message)")
        }
    }

    @Test(
        "a day the calendar skipped, or an instant that falls outside 0001…9999 here, is refused, never rolled over",
        arguments: [
            ("1582-10-10", "skipped by the Gregorian reform"), ("1582-10-05", "skipped by the Gregorian reform"),
            ("9999-12-31T23:59:59-01:00", "outside the years 0001 to 9999"),
        ])
    func rolledOverByTheCalendar(text: String, why: String) throws {
        let error = try #require(throws: CrossCuttingError.self) {
            try DayText.parse(text, calendar: Self.utc, what: "--date")
        }
        #expect(error.message.hasPrefix("--date '\(text)' is not a date"), "\(error.message)")
        #expect(error.message.contains(why), "\(error.message)")
        for kept in ["1582-10-04", "1582-10-15", "0001-01-01", "9999-12-31"] {
            let day = try DayText.parse(kept, calendar: Self.utc, what: "--date")
            #expect(DayText.day(day, calendar: Self.utc) == kept)
        }
    }

    @Test("text that is not shaped like a date is refused", arguments: ["+026-11-22", "2026-1-22", "2026-11-22T09:00Z", "2026-11-22 09:00:00Z", "2026-11-22T09:00:00", "x"])
    func shapeless(text: String) {
        #expect(throws: CrossCuttingError.self) { try DayText.parse(text, calendar: Self.utc, what: "--date") }
    }

    @Test("every valid form reads as Foundation reads it: leap days, fractions, offsets")
    func validForms() throws {
        #expect(DayText.day(try DayText.parse("2024-02-29", calendar: Self.utc, what: "d"), calendar: Self.utc) == "2024-02-29")
        #expect(DayText.day(try DayText.parse("2000-02-29", calendar: Self.utc, what: "d"), calendar: Self.utc) == "2000-02-29")
        for text in [
            "2026-11-22T09:30:00Z", "2026-11-22T18:00:00+09:00", "2026-11-22T18:00:00+0900", "2026-11-22T01:00:00-05:30",
            "2026-12-31T23:59:59Z", "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z",
        ] {
            let expected = try Date(text, strategy: .iso8601)
            #expect(try DayText.parseInstant(text, what: "t") == expected, "\(text)")
            #expect(try DayText.parse(text, calendar: Self.utc, what: "t") == expected, "\(text)")
        }
        let fraction = try DayText.parseInstant("2026-11-22T09:00:00.250Z", what: "t")
        #expect(fraction.timeIntervalSince1970 == 1_795_338_000.25)
    }
}
