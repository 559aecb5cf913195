import Foundation
import Logging
import StrataCrossCutting
import Testing

@Suite("Logging levels, days and clocks")
struct LoggingAndTimeTests {
    @Test("--verbose means debug; else STRATA_LOG_LEVEL; else warning")
    func logLevelChoice() throws {
        #expect(try StrataLogging.level(verbose: true, environment: ["STRATA_LOG_LEVEL": "error"]) == .debug)
        #expect(try StrataLogging.level(verbose: false, environment: ["STRATA_LOG_LEVEL": "INFO"]) == .info)
        #expect(try StrataLogging.level(verbose: false, environment: [:]) == .warning)
    }

    @Test("an unknown STRATA_LOG_LEVEL names the variable and the accepted levels")
    func badLogLevel() throws {
        let error = try #require(throws: CrossCuttingError.self) {
            try StrataLogging.level(verbose: false, environment: ["STRATA_LOG_LEVEL": "loud"])
        }
        #expect(error.message.contains("STRATA_LOG_LEVEL=loud"))
        #expect(error.message.contains("trace, debug, info, notice, warning, error, critical"))
    }

    @Test("a logger is made at the level asked for")
    func loggerLevel() {
        #expect(StrataLogging.makeLogger(label: "x", level: .error).logLevel == .error)
    }

    @Test("days parse as the start of the day in the clock's time zone and print back")
    func dayRoundTrip() throws {
        let clock = FixedClock(Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        let day = try DayText.parse("2026-11-22", calendar: clock.calendar, what: "--date")
        #expect(day == clock.calendar.startOfDay(for: day))
        #expect(DayText.day(day, calendar: clock.calendar) == "2026-11-22")
        let instant = try DayText.parse("2026-11-22T09:30:00Z", calendar: clock.calendar, what: "--date")
        #expect(DayText.instant(instant) == "2026-11-22T09:30:00Z")
    }

    @Test("impossible dates are refused, naming the argument and the forms accepted", arguments: ["2026-13-01", "2026-02-30", "tomorrow", ""])
    func badDays(text: String) throws {
        let error = try #require(throws: CrossCuttingError.self) {
            try DayText.parse(text, calendar: SystemClock().calendar, what: "--date")
        }
        #expect(error.code == .badDate)
        #expect(error.message.hasPrefix("--date '\(text)'"))
        #expect(error.message.contains("YYYY-MM-DD"))
    }

    @Test("a fixed clock always reads the same instant")
    func fixedClock() {
        let clock = FixedClock(Date(timeIntervalSince1970: 42))
        #expect(clock.now() == clock.now())
        #expect(clock.now().timeIntervalSince1970 == 42)
    }

    @Test("the system clock's days (C library local time) are ICU's days in the process's zone")
    func systemClockDaysMatchTheCalendar() {
        // Every 7 hours 13 minutes over two years: each hour of the day, both sides of every
        // daylight-saving change of the zone the tests run in (TZ, or /etc/localtime).
        let system = SystemClock()
        let icu = SystemClock(timeZone: .current)
        var instant = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z
        for _ in 0..<2_430 {
            let day = system.day(containing: instant)
            #expect(day == icu.day(containing: instant), "\(instant) in \(TimeZone.current.identifier)")
            #expect(day.start <= instant && instant < day.end)
            instant += 26_000
        }
    }

    @Test("a clock given a zone that moves at midnight starts the day at its first existing instant")
    func dayWithoutMidnight() throws {
        // America/Santiago moved its clocks from 00:00 to 01:00 on 2026-09-06.
        let clock = SystemClock(timeZone: try #require(TimeZone(identifier: "America/Santiago")))
        let day = clock.day(containing: Date(timeIntervalSince1970: 1_788_670_800))  // 2026-09-06T05:00:00Z, 02:00 there
        #expect(DayText.instant(day.start) == "2026-09-06T04:00:00Z")
        #expect(day.duration == 23 * 3_600)
    }
}
