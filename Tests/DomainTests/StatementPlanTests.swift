import Foundation
import StrataCrossCutting
@_spi(Testing) import StrataData
import StrataDataTesting
import StrataDomain
import StrataJournal
import StrataMaintenance
import StrataSession
import StrataStore
import StrataTestSupport
import StrataWire
import Testing

/// Every statement the client store runs, not a chosen few: a scenario drives the live store
/// through what the hosts do (reports added, edited, listed, searched and paged; follow-ups
/// scheduled, due, overdue and completed; notifications recorded, listed and read; the status
/// summary; the journal as the sync engine claims, acknowledges, rejects, retries and discards;
/// pulled pages applied; the sync settings; the diagnostic log; a type with a lifespan purged),
/// records each distinct statement its connection ran (``QueryPlan/startTrace(_:)``) and explains
/// each one. A statement whose plan reads a growing table whole fails, named with its plan
/// (see ``PlanAudit``), unless ``PlanAllowList`` says why it may.
@Suite("Statement plans: every statement the client store runs reads an index, never a whole growing table")
struct StatementPlanTests {
    /// A type with a lifespan, as a host's cache would declare one: its reads and the purge.
    struct Draft: ValueObject {
        var objectId: String?
        var text = ""
        var savedAt = Date(timeIntervalSince1970: 0)

        static let schema = ValueObjectSchema<Draft>(
            "Draft", fields: [.field("text", \.text), .field("savedAt", \.savedAt)],
            compoundIndexes: [CompoundIndex("savedAt")],
            behaviour: ValueObjectBehaviour(persistentType: .localOnly, lifespan: 60))
    }

    @Test("the hosts' scenario on a real store: no statement scans a growing table")
    func everyStatement() async throws {
        let url = TemporaryRoot.directory("strata-statement-plans")
        defer { try? FileManager.default.removeItem(at: url) }
        let clock = TestClock(testNow)
        let data = try await DataLayerFactory.live(container: ContainerDirectory(url: url), logger: quietLogger, clock: clock)
        try await QueryPlan.startTrace(data)
        try await Self.run(data, clock: clock)
        let statements = try await QueryPlan.tracedStatements(in: data)

        var findings: [String] = []
        var explained = 0
        for statement in statements {
            let plan: [String]
            do {
                plan = try await QueryPlan.explain(sql: statement, in: data)
            } catch {
                // Only schema changes may no longer prepare (a migration's table renamed since).
                #expect(Self.isSchemaChange(statement), "cannot explain \(statement): \(error)")
                continue
            }
            explained += 1
            if ProcessInfo.processInfo.environment["STRATA_PLAN_DUMP"] != nil { print("\(statement)\n  → \(plan)\n") }
            if let finding = PlanAudit.sqlite(sql: statement, plan: plan) { findings.append("\(finding)") }
        }
        #expect(explained > 40, "the scenario ran only \(explained) statements: \(statements)")
        #expect(findings.isEmpty, "\(findings.count) statements read a growing table whole:\n\(findings.joined(separator: "\n\n"))")
    }

    @Test("a statement that scans a type's table is found and named with its plan")
    func scanIsFound() async throws {
        let url = TemporaryRoot.directory("strata-statement-plans")
        defer { try? FileManager.default.removeItem(at: url) }
        let data = try await DataLayerFactory.live(container: ContainerDirectory(url: url), logger: quietLogger)
        _ = try await DomainFactory.make(data: data, clock: FixedClock(testNow))
        try await QueryPlan.startTrace(data)
        // `memo` has no index: the store reads every report to find one.
        _ = try await data.store.query(Query<CaseReport>().whereKey("memo", .equal, "x").page(size: 10, index: 1))
        let statement = try #require(try await QueryPlan.tracedStatements(in: data).first { $0.contains("\"memo\" = ") })
        let finding = PlanAudit.sqlite(sql: statement, plan: try await QueryPlan.explain(sql: statement, in: data))
        #expect(finding?.tables == ["CaseReport"])
        #expect(finding?.description.contains("SCAN CaseReport") == true)
    }

    static func isSchemaChange(_ sql: String) -> Bool {
        ["CREATE", "DROP", "ALTER"].contains { sql.uppercased().hasPrefix($0) }
    }

    /// A pulled report: a new one, or a change of one this device has (deleted every 7th).
    static func pulled(_ index: Int, id: String) -> WireObject {
        let values: [String: WireValue] = [
            "patientName": .text("Pulled \(index)"), "age": .integer(40), "createdAt": .real(1_700_000_000),
        ]
        return WireObject(
            objectId: id, values: values, scope: 2, ownerUser: "u2", ownerGroup: "g1", deleted: index % 7 == 0,
            version: Int64(index + 1))
    }

    /// What the hosts do, in the order a day of use would do it.
    static func run(_ data: any DataLayer, clock: TestClock) async throws {
        let domain = try await DomainFactory.make(data: data, clock: clock)
        try await data.store.register(Draft.self)
        // Reports: added, edited, read, listed page by page, searched, deleted.
        var reports: [CaseReport] = []
        for index in 0..<40 {
            reports.append(try await domain.reports.add(CaseReportDraft(patientName: "Patient \(index)", age: 20 + index)))
            clock.advance(60)
        }
        let reportID = try #require(reports[3].objectId)
        _ = try await domain.reports.update(id: reportID, CaseReportChange(memo: "seen again"))
        _ = try await domain.reports.get(id: reportID)
        _ = try await domain.reports.list(.first)
        _ = try await domain.reports.list(PageRequest(size: 10, index: 3))
        // The list by owner (`reports list --scope mine|group`), signed in with two groups.
        try await data.session.save(
            AuthInfo(
                userID: "u1", account: "u1", groups: ["g1", "g2"].map { GroupRole(groupID: $0, groupName: $0, roleName: "member") },
                token: "t", validUntil: clock.now().addingTimeInterval(86_400 * 365)))
        _ = try await domain.reports.list(PageRequest(size: 10, index: 2, scope: .mine))
        _ = try await domain.reports.list(PageRequest(size: 10, index: 2, scope: .group))
        _ = try await data.store.count(Query<CaseReport>().scoped(.mine))
        _ = try await data.store.count(Query<CaseReport>().scoped(.group))
        try await data.session.clear()
        _ = try await domain.reports.search("Patient 7", .first)
        _ = try await domain.reports.search("Patient 7", PageRequest(size: 5, index: 2))
        try await domain.reports.delete(id: try #require(reports[39].objectId))
        // Follow-ups: scheduled, listed per report and all, due today, due in a range, overdue, completed.
        var followUps: [FollowUp] = []
        for index in 0..<30 {
            let report = try #require(reports[index % 10].objectId)
            followUps.append(
                try await domain.followUps.schedule(
                    FollowUpDraft(caseReportID: report, date: testNow.addingTimeInterval(Double(index - 10) * 3600 * 5))))
        }
        _ = try await domain.followUps.list(reportID: reportID)
        _ = try await domain.followUps.list(reportID: nil)
        _ = try await domain.followUps.dueToday()
        _ = try await domain.followUps.due(in: DateInterval(start: testNow, duration: 7 * day))
        _ = try await domain.followUps.overdue()
        _ = try await domain.followUps.complete(id: try #require(followUps[2].objectId))
        // Notifications: recorded one by one and in a batch (enriched from reports and follow-ups),
        // a duplicate, listed, read.
        _ = try await domain.notifications.record(
            IncomingNotification(id: "n-0", kind: "follow-up-due", reportId: reportID, followUpId: followUps[3].objectId))
        _ = try await domain.notifications.record(
            IncomingNotification(id: "n-0", kind: "follow-up-due", reportId: reportID, followUpId: followUps[3].objectId))
        _ = await domain.notifications.record(
            (1..<20).map { IncomingNotification(id: "n-\($0)", kind: "follow-up-due", title: "t", body: "b", reportId: reportID) })
        _ = try await domain.notifications.list(unreadOnly: false)
        _ = try await domain.notifications.list(unreadOnly: true)
        _ = try await domain.notifications.markRead(notificationId: "n-4")
        // The status summary (strata-status), twice (the second from its cache, if any).
        _ = try await domain.status.summary()
        _ = try await domain.status.summary()

        // The journal, as the sync engine works it.
        _ = try await data.journal.pendingCount()
        _ = try await data.journal.changes(in: [.pending, .inFlight, .rejected], limit: 50)
        _ = try await data.journal.changes(in: [.rejected], limit: nil)
        let claimed = try await data.journal.claim(limit: 10, for: "u1", excluding: [])
        _ = try await data.journal.claim(limit: 10)
        try await data.journal.acknowledge(operationIDs: claimed.prefix(5).map(\.operationID))
        try await data.journal.reject(operationID: claimed[5].operationID, reason: "refused")
        try await data.journal.release(operationIDs: claimed.suffix(3).map(\.operationID))
        _ = try await data.journal.rejected()
        try await data.journal.retry(operationID: claimed[5].operationID)
        let again = try await data.journal.claim(limit: 3, for: "u1", excluding: [])
        if let first = again.first {
            try await data.journal.reject(operationID: first.operationID, reason: "refused")
            try await data.journal.discard(operationID: first.operationID)
        }
        // The sync state: settings, synced types, status, pulled pages (new, changed, deleted objects).
        try await data.syncState.set([.cursor("CaseReport"): "0", .deviceID(for: "u1"): "d1"])
        _ = try await data.syncState.value(.cursor("CaseReport"))
        _ = try await data.syncState.syncedTypes()
        _ = try await data.syncState.status()
        let changedIDs = reports[10..<15].compactMap(\.objectId)
        let pulled = (0..<20).map { index in Self.pulled(index, id: index < changedIDs.count ? changedIDs[index] : "pulled-\(index)") }
        _ = try await data.syncState.applyPulled(PullResponse(objects: pulled, cursor: 20, hasMore: false), typeName: "CaseReport")
        try await data.syncState.set([.deviceID(for: "u1"): nil])
        // The diagnostic log.
        try await data.diagnostics.setCollectionLevel(.monitor)
        _ = try await data.diagnostics.logError("failed", metadata: ["k": "v"])
        _ = try await data.diagnostics.logMonitor("went", metadata: [:])
        _ = try await data.diagnostics.collectionLevel()
        let entries = try await data.diagnostics.entries(limit: 10)
        if let last = entries.last { try await data.diagnostics.removeEntries(through: last.sequence) }
        // A type with a lifespan: saved, read, expired, purged on the next use.
        _ = try await data.store.save((0..<20).map { Draft(text: "d\($0)", savedAt: testNow) })
        _ = try await data.store.query(Query<Draft>().sorted(by: "savedAt").page(size: 5, index: 2))
        _ = try await data.store.count(Query<Draft>())
        clock.advance(3600)
        _ = try await data.store.save(Draft(text: "late", savedAt: testNow))
        _ = try await data.store.query(Query<Draft>().sorted(by: "savedAt").page(size: 5, index: 1))
        _ = try await data.store.deleteAll(Draft.self)
    }
}
