import Foundation
import StrataCrossCutting
import StrataDomain
import StrataNotifyKit
import Testing

@Suite("Enrichment through the domain")
struct EnrichmentTests {
    @Test("a follow-up-due notification naming a report is delivered with the patient and due date")
    func followUpDueIsEnriched() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        let report = try await fixture.domain.reports.add(CaseReportDraft(patientName: "Yamada", age: 44))
        let due = try DayText.parse("2026-11-22", calendar: fixture.clock.calendar, what: "date")
        let followUp = try await fixture.domain.followUps.schedule(
            FollowUpDraft(caseReportID: try #require(report.objectId), date: due))
        try fixture.drop(
            "fu.json",
            #"{"id": "n-fu", "kind": "follow-up-due", "reportId": "\#(report.objectId ?? "")", "followUpId": "\#(followUp.objectId ?? "")"}"#
        )

        let outcome = try await fixture.processor().drain().files.first?.outcome

        guard case .recorded(let record) = outcome else {
            Issue.record("expected .recorded, got \(String(describing: outcome))")
            return
        }
        #expect(record.isEnriched)
        #expect(record.patientName == "Yamada")
        let line = try #require(fixture.delivery.lines.first)
        #expect(line.hasPrefix("recorded n-fu follow-up-due: "))
        #expect(line.contains("Yamada"), "\(line)")
        #expect(line.contains("2026-11-22"), "\(line)")
    }

    @Test("a follow-up-due notification naming an unknown report keeps its own content and is recorded")
    func unknownReportFallsBackToTheOriginal() async throws {
        let fixture = try await InboxFixture()
        defer { fixture.remove() }
        try fixture.drop(
            "fu.json",
            #"{"id": "n-lost", "kind": "follow-up-due", "reportId": "no-such-report", "title": "Check the ward", "body": "Bed 4"}"#)

        let outcome = try await fixture.processor().drain().files.first?.outcome

        guard case .recorded(let record) = outcome else {
            Issue.record("expected .recorded, got \(String(describing: outcome))")
            return
        }
        #expect(!record.isEnriched)
        #expect(fixture.delivery.lines == ["recorded n-lost follow-up-due: Check the ward — Bed 4"])
        #expect(try fixture.names(in: fixture.inbox.curURL) == ["fu.json"])
    }
}
