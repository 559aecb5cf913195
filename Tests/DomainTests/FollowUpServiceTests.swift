import Foundation
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataStore
import Testing

/// Follow-up use cases, on the in-memory double and on the real SQLite store.
@Suite("follow-ups")
struct FollowUpServiceTests {
    @Test("schedule stores the follow-up with its medications and stamps createdAt", arguments: StoreKind.allCases)
    func scheduleStores(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let report = try await fixture.addReport("Hanako")
        let draft = FollowUpDraft(
            caseReportID: report.objectId ?? "", date: testNow + day, maxBloodPressure: 140, minBloodPressure: 90,
            medications: [.ace, .diuretic], memo: " check ")
        let followUp = try await fixture.domain.followUps.schedule(draft)
        #expect(followUp.objectId != nil)
        #expect(followUp.caseReportID == report.objectId)
        #expect(followUp.medications == ["diuretic", "ace"])
        #expect(followUp.maxBloodPressure == 140 && followUp.minBloodPressure == 90)
        #expect(followUp.memo == "check" && !followUp.isDone && followUp.createdAt == testNow)
        #expect(try await fixture.domain.followUps.list(reportID: report.objectId) == [followUp])
    }

    @Test("schedule needs an existing report and names the missing id", arguments: StoreKind.allCases)
    func scheduleNeedsReport(kind: StoreKind) async throws {
        let followUps = try await DomainFixture(kind).domain.followUps
        let error = await domainError { try await followUps.schedule(FollowUpDraft(caseReportID: "r-404", date: testNow)) }
        #expect(error?.code == .notFound)
        #expect(error?.message.contains("'r-404'") == true)
        #expect(await domainError { try await followUps.schedule(FollowUpDraft(caseReportID: " ", date: testNow)) }?.code
            == .invalidInput)
        #expect(try await followUps.list(reportID: nil).isEmpty)
    }

    @Test("schedule checks blood pressures (0…300, min ≤ max) and takes every medication", arguments: StoreKind.allCases)
    func scheduleValidates(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let id = try await fixture.addReport("Hanako").objectId ?? ""
        let followUps = fixture.domain.followUps
        func draft(max: Double? = nil, min: Double? = nil, medications: Set<Medication> = []) async -> FollowUpDraft {
            FollowUpDraft(caseReportID: id, date: testNow, maxBloodPressure: max, minBloodPressure: min, medications: medications)
        }
        #expect(await domainError { try await followUps.schedule(draft(max: 301)) }?.message
            == "maxBloodPressure is 301; expected 0 to 300 (mmHg)")
        #expect(await domainError { try await followUps.schedule(draft(min: -0.5)) }?.message
            == "minBloodPressure is -0.5; expected 0 to 300 (mmHg)")
        #expect(await domainError { try await followUps.schedule(draft(max: .nan)) }?.code == .invalidInput)
        #expect(await domainError { try await followUps.schedule(draft(max: 80, min: 120)) }?.message
            == "minBloodPressure 120 is above maxBloodPressure 80; expected min ≤ max")
        let every = try await followUps.schedule(draft(max: 300, min: 0, medications: Set(Medication.allCases)))
        #expect(every.medications == Medication.allCases.map(\.rawValue))
        #expect(try await followUps.list(reportID: id).count == 1)
    }

    @Test("list is by date, for one report or all", arguments: StoreKind.allCases)
    func listByDate(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let first = try await fixture.addReport("First")
        let second = try await fixture.addReport("Second")
        try await fixture.schedule(first, on: testNow + 3 * day, memo: "f3")
        try await fixture.schedule(second, on: testNow + day, memo: "s1")
        try await fixture.schedule(first, on: testNow + 2 * day, memo: "f2")
        let followUps = fixture.domain.followUps
        #expect(try await followUps.list(reportID: nil).map(\.memo) == ["s1", "f2", "f3"])
        #expect(try await followUps.list(reportID: first.objectId).map(\.memo) == ["f2", "f3"])
        #expect(try await followUps.list(reportID: "r-404").isEmpty)
    }

    @Test("due in a period: not done, start inclusive, end exclusive, by date, with each report", arguments: StoreKind.allCases)
    func dueInPeriod(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let report = try await fixture.addReport("Hanako")
        let start = testNow
        try await fixture.schedule(report, on: start - 1, memo: "before")
        try await fixture.schedule(report, on: start + day, memo: "inside")
        try await fixture.schedule(report, on: start, memo: "at start")
        try await fixture.schedule(report, on: start + 7 * day, memo: "at end")
        let done = try await fixture.schedule(report, on: start + 2 * day, memo: "done")
        _ = try await fixture.domain.followUps.complete(id: done.objectId ?? "")
        let due = try await fixture.domain.followUps.due(in: DateInterval(start: start, duration: 7 * day))
        #expect(due.map(\.followUp.memo) == ["at start", "inside"])
        #expect(due.allSatisfy { $0.report == report })
    }

    @Test("due today and overdue follow the clock's day, in its time zone", arguments: StoreKind.allCases)
    func todayAndOverdue(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)  // clock: 2026-11-22 10:00 UTC
        let report = try await fixture.addReport("Hanako")
        let midnight = testNow - 10 * 3600
        try await fixture.schedule(report, on: midnight - 1, memo: "yesterday 23:59:59")
        try await fixture.schedule(report, on: midnight - 5 * day, memo: "last week")
        try await fixture.schedule(report, on: midnight, memo: "today 00:00")
        try await fixture.schedule(report, on: midnight + day - 1, memo: "today 23:59:59")
        try await fixture.schedule(report, on: midnight + day, memo: "tomorrow")
        let followUps = fixture.domain.followUps
        #expect(try await followUps.dueToday().map(\.followUp.memo) == ["today 00:00", "today 23:59:59"])
        #expect(try await followUps.overdue().map(\.followUp.memo) == ["last week", "yesterday 23:59:59"])
        #expect(try await followUps.overdue().allSatisfy { $0.report?.patientName == "Hanako" })

        // In Tokyo (UTC+9) it is already 19:00 on the 22nd; its day began at 15:00 UTC on the 21st.
        let tokyo = try await DomainFactory.make(data: fixture.data, clock: FixedClock(testNow, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo"))))
        #expect(try await tokyo.followUps.dueToday().map(\.followUp.memo) == ["yesterday 23:59:59", "today 00:00"])
        #expect(try await tokyo.followUps.overdue().map(\.followUp.memo) == ["last week"])
    }

    @Test("complete marks a follow-up done, so it is no longer due; a missing id is named", arguments: StoreKind.allCases)
    func completeMarksDone(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let followUp = try await fixture.schedule(try fixture.addReport("Hanako"), on: testNow)
        let followUps = fixture.domain.followUps
        #expect(try await followUps.dueToday().count == 1)
        let done = try await followUps.complete(id: followUp.objectId ?? "")
        #expect(done.isDone)
        #expect(try await followUps.complete(id: followUp.objectId ?? "") == done)
        #expect(try await followUps.dueToday().isEmpty)
        let missing = await domainError { try await followUps.complete(id: "f-404") }
        #expect(missing?.code == .notFound)
        #expect(missing?.message == "no follow-up with id 'f-404'")
    }

    @Test("a follow-up whose report is not stored here (pulled before it, or left by a deletion elsewhere) is never due", arguments: StoreKind.allCases)
    func orphanHasNoReport(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let report = try await fixture.addReport("Gone")
        var orphan = try await fixture.schedule(report, on: testNow)
        // Written below the domain, as an older version or another tool might have left it.
        orphan.caseReportID = "r-gone"
        _ = try await fixture.data.store.save(orphan)
        #expect(try await fixture.domain.followUps.dueToday().isEmpty)
        #expect(try await fixture.domain.followUps.overdue().isEmpty)
        #expect(try await fixture.domain.followUps.list(reportID: nil).map(\.caseReportID) == ["r-gone"])
    }
}
