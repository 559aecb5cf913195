import Foundation
import StrataCrossCutting
@_spi(Testing) import StrataData
@testable import StrataDomain
import StrataSession
import StrataStore
import StrataTestSupport
import Testing

/// The queries the hosts run (report list, follow-ups, inbox) read the compound indexes the
/// domain's types declare: no table scan, no sort of every match, on a real SQLite file.
@Suite("Domain query plans: every screen's page query reads an index")
struct DomainQueryPlanTests {
    /// A live store with the domain's types registered and a few hundred rows of each.
    func filledStore() async throws -> (store: any ValueObjectStore, directory: URL) {
        let url = TemporaryRoot.directory("strata-domain-plans")
        let data = try await DataLayerFactory.live(container: ContainerDirectory(url: url), logger: quietLogger)
        _ = try await DomainFactory.make(data: data, clock: FixedClock(testNow))
        // Signed in with two groups: a scoped query filters by the user and both groups.
        try await data.session.save(
            AuthInfo(
                userID: "u1", account: "u1", groups: ["g1", "g2"].map { GroupRole(groupID: $0, groupName: $0, roleName: "member") },
                token: "t", validUntil: Date().addingTimeInterval(3600)))
        let store = data.store
        _ = try await store.save((0..<300).map { index -> CaseReport in
            var report = CaseReport()
            report.patientName = "P\(index)"
            report.createdAt = testNow.addingTimeInterval(Double(index))
            return report
        })
        _ = try await store.save((0..<300).map { index -> FollowUp in
            var followUp = FollowUp()
            followUp.caseReportID = "r\(index % 30)"
            followUp.date = testNow.addingTimeInterval(Double(index) * 3600)
            followUp.isDone = index % 3 == 0
            return followUp
        })
        _ = try await store.save((0..<300).map { index -> NotificationRecord in
            var record = NotificationRecord()
            record.notificationId = "n\(index)"
            record.receivedAt = testNow.addingTimeInterval(Double(index))
            record.isRead = index % 2 == 0
            return record
        })
        return (store, url)
    }

    @Test("the report list, newest first, page 3 of 50, reads CaseReport_idx_createdAt backwards")
    func reportList() async throws {
        let (store, url) = try await filledStore()
        defer { try? FileManager.default.removeItem(at: url) }
        let page = Query<CaseReport>.newestFirst.page(size: 50, index: 3)
        expectIndexed(try await QueryPlan.explain(page, in: store), by: "CaseReport_idx_createdAt")
    }

    @Test("the report list of one's own reports, newest first, reads CaseReport_idx__ownerUser_createdAt backwards; the group's merges that and CaseReport_idx__ownerGroup_createdAt")
    func scopedReportList() async throws {
        let (store, url) = try await filledStore()
        defer { try? FileManager.default.removeItem(at: url) }
        let mine = Query<CaseReport>.newestFirst.scoped(.mine).page(size: 50, index: 3)
        expectIndexed(try await QueryPlan.explain(mine, in: store), by: "CaseReport_idx__ownerUser_createdAt")
        expectIndexed(try await QueryPlan.explain(Query<CaseReport>().scoped(.mine), in: store, counting: true), by: "CaseReport_idx__ownerUser_createdAt")
        let group = Query<CaseReport>.newestFirst.scoped(.group).page(size: 50, index: 3)
        // The user's rows, then each group's: one branch per owner, each read from its index in
        // order, merged; the page stops after 150 rows and nothing is sorted.
        let plan = try await QueryPlan.explain(group, in: store)
        expectIndexed(plan, by: "CaseReport_idx__ownerUser_createdAt")
        expectIndexed(plan, by: "CaseReport_idx__ownerGroup_createdAt")
        #expect(plan.filter { $0.contains("CaseReport_idx__ownerGroup_createdAt") }.count == 2, "\(plan)")  // g1, g2
        #expect(plan.contains { $0.contains("MERGE") }, "\(plan)")
    }

    @Test("a report's follow-ups, the due and overdue lists and every follow-up by date read FollowUp's indexes")
    func followUps() async throws {
        let (store, url) = try await filledStore()
        defer { try? FileManager.default.removeItem(at: url) }
        let ofReport = Query<FollowUp>.of(report: "r7")
        expectIndexed(try await QueryPlan.explain(ofReport, in: store), by: "FollowUp_idx_caseReportID_date")
        let pending = ofReport.whereKey("isDone", .equal, false).limit(1)
        expectIndexed(try await QueryPlan.explain(pending, in: store), by: "FollowUp_idx_caseReportID_isDone_date")
        let due = Query<FollowUp>.due(in: DateInterval(start: testNow, duration: 86_400))
        expectIndexed(try await QueryPlan.explain(due, in: store), by: "FollowUp_idx_isDone_date")
        let overdue = Query<FollowUp>.overdue(before: testNow)
        expectIndexed(try await QueryPlan.explain(overdue, in: store), by: "FollowUp_idx_isDone_date")
        let all = Query<FollowUp>().sorted(by: "date").page(size: 50, index: 3)
        expectIndexed(try await QueryPlan.explain(all, in: store), by: "FollowUp_idx_date")
    }

    @Test("the inbox newest first, its unread view and the unread count read NotificationRecord's indexes")
    func inbox() async throws {
        let (store, url) = try await filledStore()
        defer { try? FileManager.default.removeItem(at: url) }
        let newest = Query<NotificationRecord>.newestFirst
        expectIndexed(try await QueryPlan.explain(newest, in: store), by: "NotificationRecord_idx_receivedAt")
        let unread = newest.whereKey("isRead", .equal, false)
        expectIndexed(try await QueryPlan.explain(unread, in: store), by: "NotificationRecord_idx_isRead_receivedAt")
        let count = Query<NotificationRecord>().whereKey("isRead", .equal, false)
        expectIndexed(
            try await QueryPlan.explain(count, in: store, counting: true), by: "NotificationRecord_idx_isRead_receivedAt")
        let byId = Query<NotificationRecord>.notification("n7")
        expectIndexed(try await QueryPlan.explain(byId, in: store), by: "NotificationRecord_unique_notificationId")
    }
}
