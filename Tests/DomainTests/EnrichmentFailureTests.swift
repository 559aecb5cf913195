import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataStore
import Testing

/// What enrichment does when a look-up fails: a store failure keeps the original content, but
/// a test double's unexpected call is never mistaken for one.
@Suite("notification enrichment failures")
struct EnrichmentFailureTests {
    /// A follow-up-due notification naming `report` (and `followUp` when given).
    private func dueNotice(report: String, followUp: String? = nil) -> IncomingNotification {
        IncomingNotification(
            id: "n-1", kind: "follow-up-due", title: "Reminder", body: "A follow-up is due", reportId: report,
            followUpId: followUp)
    }

    @Test("a test double refusing the enrichment's look-up fails the recording loudly; nothing is stored")
    func unexpectedCallPropagates() async throws {
        let data = await DataLayerFactory.inMemory(allowing: [.register, .save, .query])
        let domain = try await DomainFactory.make(data: data, clock: FixedClock(testNow))
        let report = try await domain.reports.add(CaseReportDraft(patientName: "Hanako Yamada", age: 42))
        var followUp = FollowUp()
        followUp.caseReportID = report.objectId ?? ""
        followUp.date = testNow + day
        let stored = try await data.store.save(followUp)

        let error = await domainError {
            try await domain.notifications.record(dueNotice(report: report.objectId ?? "", followUp: stored.objectId))
        }

        #expect(error?.code == .storage)
        #expect(
            error?.message == "StrataDataTesting: unexpected call to fetch(CaseReport); "
                + "this double allows only: register, save, query")
        #expect(try await domain.notifications.list(unreadOnly: false).isEmpty)
    }

    @Test("a store failure while enriching keeps the original title and body", arguments: StoreKind.allCases)
    func storeFailureFallsBack(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let report = try await fixture.addReport("Hanako Yamada")
        let followUp = try await fixture.schedule(report, on: testNow + day)
        let failing = try await DomainFactory.make(data: fixture.data.replacing(store: FailingLookups(base: fixture.data.store)), clock: FixedClock(testNow))

        let outcome = try await failing.notifications.record(
            dueNotice(report: report.objectId ?? "", followUp: followUp.objectId))

        guard case .recorded(let record) = outcome else {
            Issue.record("expected .recorded, got \(outcome)")
            return
        }
        #expect(!record.isEnriched)
        #expect(record.title == "Reminder" && record.body == "A follow-up is due")
        #expect(record.patientName == nil && record.dueDate == nil)
    }
}
