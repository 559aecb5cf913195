import Foundation
import StrataCrossCutting
import Testing

@testable import StrataData
import StrataMaintenance

@Suite("Diagnostic log: a lower collection level deletes what it no longer collects (the seed's logError / logMonitor)")
struct DiagnosticLogLevelDropTests {
    /// A log at `monitor` holding one error and one monitoring event.
    private static func filledLog() async throws -> SQLiteDiagnosticLog {
        let container = temporaryContainer()
        try container.prepare()
        let database = try await SQLiteDatabase.open(
            container: container, mode: .readWrite, logger: quietLogger, clock: FixedClock(Date(timeIntervalSince1970: 1_750_000_000)))
        let log = SQLiteDiagnosticLog(database: database)
        try await log.setCollectionLevel(.monitor)
        try await log.logError("e", metadata: [:])
        try await log.logMonitor("m", metadata: [:])
        return log
    }

    @Test("at none every pending entry is deleted; at error the monitoring events; at monitor nothing", arguments: [
        (LogCollectionLevel.none, [String]()), (.error, ["e"]), (.monitor, ["e", "m"]),
    ])
    func lowerLevelDeletes(level: LogCollectionLevel, kept: [String]) async throws {
        let log = try await Self.filledLog()
        try await log.setCollectionLevel(level)
        #expect(try await log.entries(limit: nil).map(\.message) == kept)
    }

    @Test("the live usage monitor writes events and failures through the log with kind, user, device and app version")
    func usageMonitorWritesThroughTheLog() async throws {
        let data = try await DataLayerFactory.live(
            container: { let container = temporaryContainer(); try container.prepare(); return container }(), logger: quietLogger)
        try await data.diagnostics.setCollectionLevel(.monitor)
        let monitor = UsageMonitorFactory.live(data: data, appVersion: "9.9", deviceID: "dev-1", logger: quietLogger)
        await monitor.record(.reportCreated("r1"))
        await monitor.recordFailure("no report r2", source: "strata-host")
        let entries = try await data.diagnostics.entries(limit: nil)
        #expect(entries.map(\.message) == ["report.created", "no report r2"])
        #expect(entries.map(\.level) == [.monitor, .error])
        #expect(
            entries.first?.metadata
                == ["kind": "report.created", "subject": "r1", "user": "", "device": "dev-1", "appVersion": "9.9"])
        #expect(entries.last?.metadata["kind"] == "error")
        #expect(entries.last?.metadata["source"] == "strata-host")
        try await data.diagnostics.setCollectionLevel(.none)
        await monitor.record(.followUpDone("f1"))
        #expect(try await data.diagnostics.entries(limit: nil).isEmpty, "at none nothing is kept, and what waited is gone")
    }
}
