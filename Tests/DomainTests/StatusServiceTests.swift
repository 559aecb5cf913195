import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataTestSupport
import Testing

/// The status summary, and the proof that it only counts.
@Suite("status summary")
struct StatusServiceTests {
    @Test("a fresh store summarizes as empty", arguments: StoreKind.allCases)
    func emptySummary(kind: StoreKind) async throws {
        #expect(try await DomainFixture(kind).domain.status.summary() == .empty)
    }

    @Test("counts reports, follow-ups due today and overdue (not done), unread notifications", arguments: StoreKind.allCases)
    func countsEverything(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let report = try await fixture.addReport("Hanako")
        try await fixture.addReport("Taro")
        try await fixture.schedule(report, on: testNow)
        try await fixture.schedule(report, on: testNow + 3600)
        try await fixture.schedule(report, on: testNow - 2 * day)
        try await fixture.schedule(report, on: testNow + 2 * day)
        let done = try await fixture.schedule(report, on: testNow - day)
        _ = try await fixture.domain.followUps.complete(id: done.objectId ?? "")
        let notifications = fixture.domain.notifications
        _ = try await notifications.record(IncomingNotification(id: "n-1", kind: "message", title: "hi"))
        _ = try await notifications.record(IncomingNotification(id: "n-2", kind: "message", title: "hello"))
        _ = try await notifications.record(IncomingNotification(id: "n-3", kind: "message", title: "read me"))
        _ = try await notifications.markRead(notificationId: "n-3")
        let summary = try await fixture.domain.status.summary()
        #expect(summary == StatusSummary(reports: 2, dueToday: 2, overdue: 1, unreadNotifications: 2))
    }

    @Test("the summary only counts: a double that allows register and count is enough")
    func summaryOnlyCounts() async throws {
        let data = await DataLayerFactory.inMemory(allowing: [.register, .count])
        let domain = try await DomainFactory.make(data: data, clock: FixedClock(testNow))
        #expect(try await domain.status.summary() == .empty)
    }

    @Test("a use case that writes through a count-only double fails loudly, naming the call")
    func writingThroughCountOnlyDoubleFailsLoudly() async throws {
        let data = await DataLayerFactory.inMemory(allowing: [.register, .count])
        let domain = try await DomainFactory.make(data: data, clock: FixedClock(testNow))
        let error = await domainError { try await domain.reports.add(CaseReportDraft(patientName: "Hanako", age: 42)) }
        #expect(error?.code == .storage)
        #expect(
            error?.message
                == "StrataDataTesting: unexpected call to save(CaseReport); this double allows only: register, count")
        let listing = await domainError { try await domain.reports.list(.first) }
        #expect(listing?.message.contains("unexpected call to query(CaseReport)") == true)
    }

    @Test("on a read-only data layer the domain registers, summarizes, and refuses writes as storage errors")
    func readOnlyLayer() async throws {
        let domain = try await DomainFactory.make(data: await DataLayerFactory.inMemory(readOnly: true), clock: FixedClock(testNow))
        #expect(try await domain.status.summary() == .empty)
        #expect(try await domain.reports.list(.first).isEmpty)
        let error = await domainError { try await domain.reports.add(CaseReportDraft(patientName: "Hanako", age: 42)) }
        #expect(error?.code == .storage)
        #expect(error?.message.contains("read-only") == true)
    }

    @Test("the factory reports a type it cannot register as a storage error with the data layer's message")
    func factoryRegistrationFailure() async {
        let error = await domainError {
            try await DomainFactory.make(data: await DataLayerFactory.inMemory(allowing: [.count]), clock: FixedClock(testNow))
        }
        #expect(error?.code == .storage)
        #expect(error?.message.contains("unexpected call to register(CaseReport)") == true)
    }

    @Test("a read-only SQLite store sees what a writer stored, and the domain cannot write through it")
    func readOnlyLiveStore() async throws {
        let url = TemporaryRoot.directory("strata-domain")
        defer { try? FileManager.default.removeItem(at: url) }
        let container = ContainerDirectory(url: url)
        #expect(try await DataLayerFactory.readOnly(container: container, logger: quietLogger) == nil)
        let writer = try await DomainFactory.make(
            data: try await DataLayerFactory.live(container: container, logger: quietLogger), clock: FixedClock(testNow))
        let report = try await writer.reports.add(CaseReportDraft(patientName: "Hanako", age: 42))
        _ = try await writer.followUps.schedule(FollowUpDraft(caseReportID: report.objectId ?? "", date: testNow))

        let readOnly = try #require(try await DataLayerFactory.readOnly(container: container, logger: quietLogger))
        let reader = try await DomainFactory.make(data: readOnly, clock: FixedClock(testNow))
        #expect(try await reader.status.summary() == StatusSummary(reports: 1, dueToday: 1, overdue: 0, unreadNotifications: 0))
        #expect(try await reader.reports.get(id: report.objectId ?? "") == report)
        let error = await domainError { try await reader.reports.add(CaseReportDraft(patientName: "Taro", age: 3)) }
        #expect(error?.code == .storage)
    }
}
