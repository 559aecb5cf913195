import Foundation
import StrataTestSupport
import Testing

/// What keeps `strata-status` starting fast: every module it links imports FoundationEssentials
/// only, so the process never loads full Foundation (Architecture.md, "What the widget links";
/// Benchmarks/README.md, `strata-bench-status`), and still finds days in its own time zone.
@Suite("strata-status links FoundationEssentials, not Foundation", .childProcessSlot)
struct StatusLinkageTests {
    @Test("the dynamic loader loads no libFoundation.so for strata-status, only FoundationEssentials (no ICU)")
    func noFullFoundation() async throws {
        // LD_TRACE_LOADED_OBJECTS makes the loader list every library the process would load
        // (what `ldd` prints) and exit before main.
        let outcome = try await StrataProcess(
            "strata-status", home: temporaryHome(), extraEnvironment: ["LD_TRACE_LOADED_OBJECTS": "1"]
        ).run([])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stdout.contains("libFoundationEssentials.so"), "\(outcome)")
        #expect(!outcome.stdout.contains("libFoundationInternationalization.so"), "ICU is back in strata-status:\n\(outcome)")
        #expect(!outcome.stdout.contains("libFoundation.so"), "a module in strata-status's closure imports Foundation:\n\(outcome)")
        #expect(!outcome.stdout.contains("libFoundationNetworking.so"), "\(outcome)")
    }

    @Test("strata-status counts the days in the process's time zone (TZ), as with full Foundation")
    func dayInTheProcessTimeZone() async throws {
        // 25 hours apart: at any instant the day in one of the two differs from the UTC day, so
        // a widget that fell back to GMT would miss the follow-up due today in that zone.
        for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/Santiago", "Australia/Lord_Howe"] {
            let home = temporaryHome()
            let environment = ["TZ": zone]
            let host = StrataProcess("strata-host", home: home, extraEnvironment: environment)
            let report = try await host.succeed(["reports", "add", "--patient-name", "Hanako Sato", "--age", "42"])
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: zone))
            let today = Date().formatted(Date.ISO8601FormatStyle(timeZone: calendar.timeZone).year().month().day())
            _ = try await host.succeed(["follows", "add", "--report", report, "--date", today])
            let text = try await StrataProcess("strata-status", home: home, extraEnvironment: environment).succeed([])
            #expect(text.contains("due today             1"), "\(zone) (today \(today)):\n\(text)")
            #expect(text.contains("overdue               0"), "\(zone) (today \(today)):\n\(text)")
        }
    }
}
