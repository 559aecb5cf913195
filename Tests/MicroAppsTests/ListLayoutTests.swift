import Foundation
@testable import StrataAnnouncementsApp
import StrataContainer
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
@testable import StrataFollowUpsApp
import StrataJournal
@testable import StrataNotificationsApp
@testable import StrataReportsApp
import StrataSession
import StrataWire
import Testing

/// The list screens as a key-driven terminal draws them (`ListScreen.layout()`): one selectable
/// row per record whose Enter command opens it, the author and sync state of each row, and the
/// tones that colour a row.
@Suite("list screens' layouts")
struct ListLayoutTests {
    /// The Reports list over `harness`'s domain.
    static func reportList(_ harness: MicroAppHarness) -> ReportListScreen {
        ReportListScreen(
            services: ReportsServices(domain: harness.domain, clock: harness.clock),
            application: MicroApplication(name: "Reports", instanceID: 1))
    }

    /// The FollowUps list over `harness`'s domain.
    static func followUpList(_ harness: MicroAppHarness) -> FollowUpsScreen {
        FollowUpsScreen(
            services: FollowUpsServices(domain: harness.domain, clock: harness.clock),
            application: MicroApplication(name: "FollowUps", instanceID: 1))
    }

    @Test("the Reports list has one item per report, newest first, whose command opens that row; / searches with search")
    func reportItemsOpenTheirRow() async throws {
        let harness = try await MicroAppHarness()
        let older = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let newer = try await harness.domain.reports.add(CaseReportDraft(patientName: "Taro Yamada", age: 67))
        let layout = await Self.reportList(harness).layout()
        #expect(layout.items.map(\.id) == [newer.objectId, older.objectId].compactMap { $0 })
        #expect(layout.items.map(\.command) == ["show 1", "show 2"])
        #expect(layout.items[1].text.contains("Hanako Sato") && layout.items[0].text.contains("Taro Yamada"))
        #expect(layout.searchCommand == "search")
        #expect(layout.nextPageCommand == "next" && layout.previousPageCommand == "prev")
        #expect(layout.keys.map(\.key).contains("show N") && layout.keys.map(\.key).contains("search TEXT"))
        #expect(layout.header.last?.hasPrefix("#  PATIENT") == true, "the table's header row heads the rows: \(layout.header)")
        #expect(layout.footer.last?.hasPrefix("Type: add · show N") == true)
        // Enter on the second row sends its command: the detail of that report.
        let container = try await harness.boot()
        await harness.type("reports", layout.items[1].command, into: container)
        #expect(harness.screen.contains("patient  Hanako Sato"), "\(harness.screen)")
        await container.terminate(.quit)
    }

    @Test("a pending, a rejected and a conflicted report each show their state in SYNC and the matching tone")
    func reportSyncStates() async throws {
        let harness = try await MicroAppHarness()
        let synced = try await harness.domain.reports.add(CaseReportDraft(patientName: "Synced", age: 40))
        var claimed = try await harness.data.journal.claim(limit: 10)
        try await harness.data.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        let rejected = try await harness.domain.reports.add(CaseReportDraft(patientName: "Rejected", age: 41))
        let conflicted = try await harness.domain.reports.add(CaseReportDraft(patientName: "Conflicted", age: 42))
        claimed = try await harness.data.journal.claim(limit: 10)
        let operation = Dictionary(uniqueKeysWithValues: claimed.map { ($0.objectID, $0.operationID) })
        try await harness.data.journal.reject(operationID: try #require(operation[rejected.objectId ?? ""]), reason: "403: no")
        try await harness.data.journal.reject(
            operationID: try #require(operation[conflicted.objectId ?? ""]), reason: "age changed", conflictFields: ["age"],
            current: WireObject(
                objectId: conflicted.objectId ?? "", values: ["age": .integer(47)], scope: 2, ownerUser: "u9", ownerGroup: nil,
                deleted: false, version: 8))
        let pending = try await harness.domain.reports.add(CaseReportDraft(patientName: "Pending", age: 43))
        let layout = await Self.reportList(harness).layout()
        let rows = Dictionary(uniqueKeysWithValues: layout.items.map { ($0.id, $0) })
        #expect(layout.header.last?.contains("AUTHOR") == true && layout.header.last?.contains("SYNC") == true)
        let expected: [(CaseReport, String, ScreenTone?)] = [
            (synced, "synced", nil), (pending, "pending", .pending), (rejected, "rejected", .rejected),
            (conflicted, "conflict", .conflict),
        ]
        for (report, state, tone) in expected {
            let row = try #require(rows[report.objectId ?? ""])
            #expect(row.text.contains(" \(state) "), "\(report.patientName): \(row.text)")
            #expect(row.tone == tone, "\(report.patientName)")
        }
    }

    @Test("the AUTHOR column shows the creating user's account name, and — for a report saved while nobody was signed in")
    func reportAuthor() async throws {
        let harness = try await MicroAppHarness()
        let anonymous = try await harness.domain.reports.add(CaseReportDraft(patientName: "Anonymous", age: 40))
        try await harness.data.session.save(
            AuthInfo(
                userID: "5f0c1a2b-0000-4000-8000-000000000001", account: "hanako", groups: [], token: "t",
                validUntil: MicroAppHarness.now.addingTimeInterval(3600)))
        let hers = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hers", age: 41))
        let layout = await Self.reportList(harness).layout()
        let rows = Dictionary(uniqueKeysWithValues: layout.items.map { ($0.id, $0.text) })
        #expect(rows[hers.objectId ?? ""]?.contains(" hanako ") == true, "\(rows)")
        #expect(rows[anonymous.objectId ?? ""]?.contains(" — ") == true, "\(rows)")
    }

    @Test("an overdue follow-up has the overdue tone; one due today has none; Enter opens the follow-up")
    func overdueFollowUp() async throws {
        let harness = try await MicroAppHarness()
        let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let today = try await harness.domain.followUps.schedule(
            FollowUpDraft(caseReportID: report.objectId ?? "", date: MicroAppHarness.now))
        let late = try await harness.domain.followUps.schedule(
            FollowUpDraft(caseReportID: report.objectId ?? "", date: MicroAppHarness.now.addingTimeInterval(-86_400 * 3)))
        let claimed = try await harness.data.journal.claim(limit: 10)
        try await harness.data.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        let screen = Self.followUpList(harness)
        for layout in [await screen.layout(), await { screen.show(.all); return await screen.layout() }()] {
            let rows = layout.items.filter(\.isSelectable)
            let byID = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
            #expect(byID[late.objectId ?? ""]?.tone == .overdue, "\(layout.items)")
            #expect(byID[today.objectId ?? ""]?.tone == nil)
            #expect(rows.allSatisfy { $0.command.hasPrefix("show ") })
        }
        let container = try await harness.boot()
        await harness.type("followups", "show 2", into: container)
        #expect(harness.screen.contains("2026-11-19") && harness.screen.contains("Type: done"), "\(harness.screen)")
        await harness.type("done", into: container)
        #expect(try await harness.domain.followUps.list(reportID: nil).first { $0.objectId == late.objectId }?.isDone == true)
        #expect(harness.screen.contains("Marked follow-up \(late.objectId ?? "") done."), "\(harness.screen)")
        await container.terminate(.quit)
    }

    @Test("the due list's lines are the plain screen's lines: the second table's title sits between the rows")
    func followUpLinesStay() async throws {
        let harness = try await MicroAppHarness()
        let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        _ = try await harness.domain.followUps.schedule(FollowUpDraft(caseReportID: report.objectId ?? "", date: MicroAppHarness.now))
        _ = try await harness.domain.followUps.schedule(
            FollowUpDraft(caseReportID: report.objectId ?? "", date: MicroAppHarness.now.addingTimeInterval(-86_400 * 3)))
        let screen = Self.followUpList(harness)
        let layout = await screen.layout()
        #expect(layout.header.first == "Due today (2026-11-22)")
        let sections = layout.items.filter { !$0.isSelectable }
        #expect(sections.map(\.text).contains("Overdue") && sections.allSatisfy { $0.command.isEmpty }, "\(layout.items)")
        #expect(sections.last?.text.hasPrefix("#  DATE") == true, "the second table's header row is a section: \(sections)")
        #expect(layout.items.filter(\.isSelectable).map(\.command) == ["show 1", "show 2"])
        #expect(await screen.render() == layout.lines)
        #expect(layout.footer.last == "Type: schedule · show N · done N · due · all · back · home · quit")
    }

    @Test("the Announcements list has one item per announcement whose command shows it; PgDn and PgUp send next and prev")
    func announcementItems() async throws {
        let harness = try await MicroAppHarness()
        let server = AnnouncementsAppTests.PretendServer(
            announcements: [
                AnnouncementsAppTests.announcement("a1", "Ward closed", from: -1, until: 2, posted: -1),
                AnnouncementsAppTests.announcement("a2", "Flu shots", from: -2, until: 5, posted: -0.5),
            ], now: MicroAppHarness.now)
        let service = try await DomainFactory.announcements(data: harness.data, remote: server, clock: harness.clock)
        let screen = AnnouncementListScreen(service: service, application: MicroApplication(name: "Announcements", instanceID: 1))
        let layout = await screen.layout()
        #expect(layout.items.map(\.id) == ["a2", "a1"], "newest posted first: \(layout.items)")
        #expect(layout.items.map(\.command) == ["show 1", "show 2"])
        #expect(layout.items[1].text.contains("Ward closed"))
        #expect(layout.nextPageCommand == "next" && layout.previousPageCommand == "prev")
        #expect(layout.keys.map(\.key).contains("show N"))
        #expect(await screen.render() == layout.lines)
    }

    @Test("the Notifications list has one item per recorded notification whose command opens its report")
    func notificationItems() async throws {
        let harness = try await MicroAppHarness()
        for id in ["n-1", "n-2"] {
            _ = try await harness.domain.notifications.record(IncomingNotification(id: id, kind: "message", title: "Call \(id)", body: ""))
        }
        let screen = NotificationsScreen(
            services: NotificationsServices(domain: harness.domain, clock: harness.clock), inbox: nil, reportsApplication: "Reports")
        let layout = await screen.layout()
        #expect(Set(layout.items.map(\.id)) == ["n-1", "n-2"])
        #expect(layout.items.map(\.command) == ["open 1", "open 2"])
        #expect(layout.items.allSatisfy { $0.text.contains($0.id) })
        #expect(layout.keys.map(\.key).contains("read N"))
        #expect(await screen.render() == layout.lines)
    }
}
