import Foundation
import Logging
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataNotifyKit
import Synchronization
import Testing

/// The enrichment deadline (`--enrich-deadline`): an enrichment that never returns costs the
/// deadline, then the original content is recorded, delivered unchanged, and logged.
@Suite("Enrichment within a deadline")
struct EnrichmentDeadlineTests {
    /// Keeps every log message with its metadata.
    final class LogLines: Sendable {
        let lines = Mutex<[String]>([])
        var all: [String] { lines.withLock { $0 } }

        var logger: Logger {
            Logger(label: "enrich-test") { _ in Handler(lines: self) }
        }

        struct Handler: LogHandler {
            let lines: LogLines
            var metadata: Logger.Metadata = [:]
            var logLevel: Logger.Level = .trace
            subscript(metadataKey key: String) -> Logger.Metadata.Value? {
                get { metadata[key] }
                set { metadata[key] = newValue }
            }
            func log(event: LogEvent) {
                let fields = (event.metadata ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                lines.lines.withLock { $0.append("\(event.level) \(event.message) \(fields.joined(separator: " "))") }
            }
        }
    }

    @Test("an enrichment that never returns: past the deadline the original content is recorded and delivered, and logged")
    func stalledEnrichmentKeepsTheOriginal() async throws {
        let live = await DataLayerFactory.inMemory()
        let stalled = StalledLookups(base: live.store)
        defer { stalled.gate.release() }
        let log = LogLines()
        let fixture = try await InboxFixture(
            data: live.replacing(store: stalled), enrichment: EnrichmentDeadline.policy(seconds: 0.05, logger: log.logger))
        defer { fixture.remove() }
        try fixture.drop(
            "fu.json",
            #"{"id": "n-slow", "kind": "follow-up-due", "reportId": "r-1", "title": "Follow-up due", "body": "Bed 4"}"#)

        let outcome = try await fixture.processor().drain().files.first?.outcome

        guard case .recorded(let record) = outcome else {
            Issue.record("expected .recorded, got \(String(describing: outcome))")
            return
        }
        #expect(!record.isEnriched && record.title == "Follow-up due" && record.body == "Bed 4")
        #expect(fixture.delivery.lines == ["recorded n-slow follow-up-due: Follow-up due — Bed 4"])
        #expect(stalled.gate.waitingCount == 1, "the enrichment is still stalled: the deadline answered, not the look-up")
        #expect(
            log.all == [
                "warning enrichment passed its deadline; the original content is recorded and delivered unchanged "
                    + "deadline=0.05 seconds id=n-slow"
            ], "\(log.all)")
        #expect(try await fixture.records().map(\.notificationId) == ["n-slow"])
    }

    @Test("an enrichment that finishes within the deadline is used, and nothing is logged")
    func timelyEnrichmentIsUsed() async throws {
        let log = LogLines()
        let fixture = try await InboxFixture(enrichment: EnrichmentDeadline.policy(seconds: 60, logger: log.logger))  // well above a loaded machine's enrichment
        defer { fixture.remove() }
        let report = try await fixture.domain.reports.add(CaseReportDraft(patientName: "Yamada", age: 44))
        let due = try DayText.parse("2026-11-22", calendar: fixture.clock.calendar, what: "date")
        _ = try await fixture.domain.followUps.schedule(FollowUpDraft(caseReportID: try #require(report.objectId), date: due))
        try fixture.drop("fu.json", #"{"id": "n-fu", "kind": "follow-up-due", "reportId": "\#(report.objectId ?? "")"}"#)

        let outcome = try await fixture.processor().drain().files.first?.outcome

        guard case .recorded(let record) = outcome else {
            Issue.record("expected .recorded, got \(String(describing: outcome))")
            return
        }
        #expect(record.isEnriched && record.patientName == "Yamada")
        #expect(log.all.isEmpty, "\(log.all)")
    }

    @Test("--enrich-deadline is 5 seconds by default, parsed in seconds, and refused out of range with exit 64")
    func commandLineOption() {
        guard case .run(let defaults) = NotifydCommand.launch([]) else {
            Issue.record("no arguments did not run")
            return
        }
        #expect(defaults.enrichDeadline == 5)
        guard case .run(let given) = NotifydCommand.launch(["--enrich-deadline", "0.5"]) else {
            Issue.record("--enrich-deadline 0.5 did not run")
            return
        }
        #expect(given.enrichDeadline == 0.5)
        for bad in ["0", "-1", "301", "nan"] {
            guard case .exit(let status, _, let stderr) = NotifydCommand.launch(["--enrich-deadline", bad]) else {
                Issue.record("--enrich-deadline \(bad) ran")
                continue
            }
            #expect(status == 64)
            #expect(stderr.contains("--enrich-deadline") && stderr.contains("expected seconds between 0.01 and 300"), "\(stderr)")
        }
    }
}
