import Foundation
import StrataCrossCutting
@_spi(Testing) import StrataData
@testable import StrataDomain
import StrataStore
import StrataTestSupport
import Testing

/// strata-status's counts cost what they count, never the store: the reports' count is a row
/// the store keeps, and the counts that depend on the clock (due today, overdue) and the
/// unread count are range counts on an index.
@Suite("Status counts: a kept row or a range of an index, never a walk of the store")
struct StatusCountPlanTests {
    @Test("reports come from _strata_counts; due today and overdue are range counts on FollowUp_idx_isDone_date")
    func statusCountsReadLittle() async throws {
        let (store, url) = try await DomainQueryPlanTests().filledStore()
        defer { try? FileManager.default.removeItem(at: url) }
        let reports = try await QueryPlan.explain(Query<CaseReport>(), in: store, counting: true)
        #expect(reports.count == 1 && reports[0].hasPrefix("SEARCH _strata_counts USING"), "\(reports)")

        let today = FixedClock(testNow).today
        let due = try await QueryPlan.explain(Query<FollowUp>.due(in: today), in: store, counting: true)
        expectIndexed(due, by: "FollowUp_idx_isDone_date")
        #expect(due.contains { $0.contains("isDone=? AND date>? AND date<?") }, "a range on the date: \(due)")
        let overdue = try await QueryPlan.explain(Query<FollowUp>.overdue(before: today.start), in: store, counting: true)
        expectIndexed(overdue, by: "FollowUp_idx_isDone_date")
        #expect(overdue.contains { $0.contains("isDone=? AND date<?") }, "a range on the date: \(overdue)")
    }

    @Test("the summary's counts equal count(*) of what they count")
    func summaryMatchesCountingEveryRow() async throws {
        let url = TemporaryRoot.directory("strata-status-counts")
        defer { try? FileManager.default.removeItem(at: url) }
        let data = try await DataLayerFactory.live(container: ContainerDirectory(url: url), logger: quietLogger)
        let domain = try await DomainFactory.make(data: data, clock: FixedClock(testNow))
        let store = data.store
        let saved = try await store.save((0..<40).map { index -> CaseReport in
            var report = CaseReport()
            report.patientName = "P\(index)"
            return report
        })
        _ = try await store.delete(Array(saved.prefix(15)))
        _ = try await store.save((0..<30).map { index -> FollowUp in
            var followUp = FollowUp()
            followUp.date = testNow.addingTimeInterval(Double(index - 15) * 8 * 3600)
            followUp.isDone = index % 4 == 0
            return followUp
        })
        let summary = try await domain.status.summary()
        let today = FixedClock(testNow).today
        let followUps = try await store.query(Query<FollowUp>())
        #expect(summary.reports == 25)
        #expect(summary.dueToday == followUps.filter { !$0.isDone && today.start <= $0.date && $0.date < today.end }.count)
        #expect(summary.overdue == followUps.filter { !$0.isDone && $0.date < today.start }.count)
        #expect(summary.overdue > 0 && summary.dueToday > 0)
    }
}
