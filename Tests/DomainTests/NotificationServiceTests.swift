import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import Testing

/// Recording notifications: enrichment, exactly once per id, listing and reading.
@Suite("notifications")
struct NotificationServiceTests {
    /// A follow-up-due notification naming `report` (and `followUp` when given).
    private func dueNotice(_ id: String, report: String?, followUp: String? = nil) -> IncomingNotification {
        IncomingNotification(
            id: id, kind: "follow-up-due", title: "Reminder", body: "A follow-up is due", reportId: report,
            followUpId: followUp, sentAt: testNow - 60)
    }

    /// The record an outcome carries, whichever it is.
    private func record(of outcome: RecordOutcome) -> NotificationRecord {
        switch outcome {
        case .recorded(let record), .duplicate(let record): record
        }
    }

    @Test("a follow-up-due notification naming a follow-up gets the patient and its due date", arguments: StoreKind.allCases)
    func enrichesWithNamedFollowUp(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let report = try await fixture.addReport("Hanako Yamada")
        try await fixture.schedule(report, on: testNow + day)
        let named = try await fixture.schedule(report, on: testNow + 3 * day)
        let outcome = try await fixture.domain.notifications.record(
            dueNotice("n-1", report: report.objectId, followUp: named.objectId))
        guard case .recorded(let record) = outcome else {
            Issue.record("expected .recorded, got \(outcome)")
            return
        }
        #expect(record.isEnriched)
        #expect(record.patientName == "Hanako Yamada")
        #expect(record.dueDate == testNow + 3 * day)
        #expect(record.title == "Follow-up due: Hanako Yamada")
        #expect(record.body == "Hanako Yamada's follow-up is due on 2026-11-25")
        #expect(record.notificationId == "n-1" && record.kind == "follow-up-due")
        #expect(record.sentAt == testNow - 60 && record.receivedAt == testNow && !record.isRead)
        #expect(try await fixture.domain.notifications.list(unreadOnly: false) == [record])
    }

    @Test("without a follow-up id the report's earliest follow-up not done is used", arguments: StoreKind.allCases)
    func enrichesWithEarliestPending(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let report = try await fixture.addReport("Taro")
        let done = try await fixture.schedule(report, on: testNow - day)
        _ = try await fixture.domain.followUps.complete(id: done.objectId ?? "")
        try await fixture.schedule(report, on: testNow + 5 * day)
        try await fixture.schedule(report, on: testNow + 2 * day)
        let record = await record(of: try fixture.domain.notifications.record(dueNotice("n-1", report: report.objectId)))
        #expect(record.isEnriched)
        #expect(record.dueDate == testNow + 2 * day)
        #expect(record.body == "Taro's follow-up is due on 2026-11-24")
    }

    @Test("the due day is printed in the clock's time zone", arguments: StoreKind.allCases)
    func dueDayUsesClockCalendar(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let report = try await fixture.addReport("Taro")
        try await fixture.schedule(report, on: testNow + 10 * 3600)  // 2026-11-22 20:00 UTC = 2026-11-23 05:00 in Tokyo
        let tokyo = try await DomainFactory.make(
            data: fixture.data, clock: FixedClock(testNow, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo"))))
        let record = await record(of: try tokyo.notifications.record(dueNotice("n-1", report: report.objectId)))
        #expect(record.body == "Taro's follow-up is due on 2026-11-23")
    }

    @Test("when anything is missing the original title and body are kept, not enriched", arguments: StoreKind.allCases)
    func fallsBackToOriginal(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let withFollowUp = try await fixture.addReport("Hanako")
        let other = try await fixture.schedule(try fixture.addReport("Other"), on: testNow)
        try await fixture.schedule(withFollowUp, on: testNow)
        let noFollowUp = try await fixture.addReport("Idle")
        let notices = [
            dueNotice("missing-report", report: "r-404"),
            dueNotice("no-report", report: nil),
            dueNotice("missing-follow-up", report: withFollowUp.objectId, followUp: "f-404"),
            dueNotice("foreign-follow-up", report: withFollowUp.objectId, followUp: other.objectId),
            dueNotice("nothing-pending", report: noFollowUp.objectId),
            IncomingNotification(id: "plain", kind: "message", title: "Hello", body: "Hi", reportId: withFollowUp.objectId),
        ]
        for notice in notices {
            let record = await record(of: try fixture.domain.notifications.record(notice))
            #expect(!record.isEnriched, "\(notice.id)")
            #expect(record.title == notice.title && record.body == notice.body, "\(notice.id)")
            #expect(record.patientName == nil && record.dueDate == nil, "\(notice.id)")
            #expect(record.reportId == notice.reportId && record.followUpId == notice.followUpId, "\(notice.id)")
        }
        let untitled = await record(of: try fixture.domain.notifications.record(IncomingNotification(id: "bare", kind: "message")))
        #expect(untitled.title.isEmpty && untitled.body.isEmpty)
        #expect(try await fixture.domain.notifications.list(unreadOnly: false).count == notices.count + 1)
    }

    @Test("a notification id is recorded once; re-delivery returns the stored record and writes nothing", arguments: StoreKind.allCases)
    func recordsOncePerId(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let first = try await fixture.domain.notifications.record(IncomingNotification(id: "n-1", kind: "message", title: "first"))
        guard case .recorded(let stored) = first else {
            Issue.record("expected .recorded, got \(first)")
            return
        }
        let later = try await fixture.domain(at: testNow + 300)
        let again = try await later.notifications.record(IncomingNotification(id: "n-1", kind: "message", title: "changed"))
        #expect(again == .duplicate(stored))
        #expect(try await fixture.domain.notifications.list(unreadOnly: false) == [stored])
    }

    @Test("when another process records the same id first, the save's duplicate error yields its record", arguments: StoreKind.allCases)
    func lostRaceIsADuplicate(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let racing = fixture.data.replacing(store: RacingStore(over: fixture.data.store))
        let domain = try await DomainFactory.make(data: racing, clock: FixedClock(testNow))
        let outcome = try await domain.notifications.record(IncomingNotification(id: "n-1", kind: "message", title: "mine"))
        guard case .duplicate(let winner) = outcome else {
            Issue.record("expected .duplicate, got \(outcome)")
            return
        }
        #expect(winner.title == RacingStore.rivalTitle)
        #expect(try await fixture.domain.notifications.list(unreadOnly: false) == [winner])
    }

    @Test("many threads recording the same ids store each id exactly once", arguments: StoreKind.allCases)
    func concurrentRecordingIsExactlyOnce(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let notifications = fixture.domain.notifications
        let ids = (1...5).map { "n-\($0)" }
        let outcomes = try await withThrowingTaskGroup(of: [RecordOutcome].self) { group in
            for _ in 0..<6 {
                group.addTask {
                    var outcomes: [RecordOutcome] = []
                    for id in ids { outcomes.append(try await notifications.record(IncomingNotification(id: id, kind: "message"))) }
                    return outcomes
                }
            }
            return try await group.reduce(into: []) { $0 += $1 }
        }
        let recorded = outcomes.filter { if case .recorded = $0 { true } else { false } }
        #expect(recorded.count == ids.count)
        #expect(try await notifications.list(unreadOnly: false).map(\.notificationId).sorted() == ids)
    }

    @Test("list is newest first; unreadOnly hides read ones; markRead names a missing id", arguments: StoreKind.allCases)
    func listAndMarkRead(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        for (offset, id) in ["n-1", "n-2", "n-3"].enumerated() {
            _ = try await fixture.domain(at: testNow + Double(offset)).notifications.record(IncomingNotification(id: id, kind: "message"))
        }
        let notifications = fixture.domain.notifications
        #expect(try await notifications.list(unreadOnly: false).map(\.notificationId) == ["n-3", "n-2", "n-1"])
        let read = try await notifications.markRead(notificationId: "n-2")
        #expect(read.isRead && read.notificationId == "n-2")
        #expect(try await notifications.markRead(notificationId: "n-2") == read)
        #expect(try await notifications.list(unreadOnly: true).map(\.notificationId) == ["n-3", "n-1"])
        let missing = await domainError { try await notifications.markRead(notificationId: "n-404") }
        #expect(missing?.code == .notFound)
        #expect(missing?.message == "no notification with id 'n-404'")
    }

    @Test("a notification without an id is refused", arguments: StoreKind.allCases)
    func emptyIdIsRefused(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        #expect(await domainError { try await fixture.domain.notifications.record(IncomingNotification(id: " ", kind: "message")) }?.code
            == .invalidInput)
    }
}
