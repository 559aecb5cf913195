import Foundation
import StrataData
import StrataDomain
import StrataJournal
import StrataStore
import Testing

/// What the domain's value-object types declare about where they live, and what follows
/// from it in the store, on the in-memory double and on the real SQLite store.
@Suite("declared behaviours of the domain's types")
struct DeclaredBehaviourTests {
    @Test("case reports go to the server, pulled every 30 minutes at group scope, patient names encrypted")
    func caseReportBehaviour() async {
        let behaviour = CaseReport.schema.behaviour
        #expect(behaviour.persistentType == .localAndServer)
        #expect(behaviour.autoRefresh == AutoRefresh(interval: 1800, scope: .group))
        #expect(behaviour.scope == .group)
        #expect(behaviour.encryptedKeys == ["patientName"])
        #expect(behaviour.lifespan == nil)  // without a server, a lifespan would hide the user's own reports
    }

    @Test("follow-ups behave like their report and share its visibility; notification records stay local, patient names and text encrypted")
    func localTypesBehaviour() async {
        let followUp = FollowUp.schema.behaviour
        #expect(followUp.persistentType == .localAndServer)
        #expect(followUp.autoRefresh == CaseReport.schema.behaviour.autoRefresh)
        #expect(followUp.scope == CaseReport.schema.behaviour.scope)
        #expect(followUp.encryptedKeys.isEmpty)
        #expect(FollowUp.schema.dependencies == [ValueObjectDependency("caseReportID", on: "CaseReport", sharesVisibility: true)])
        let notification = NotificationRecord.schema.behaviour
        #expect(notification.persistentType == .localOnly)
        #expect(notification.encryptedKeys == ["patientName", "title", "body"])
        #expect(notification.lifespan == nil)
    }

    @Test("adding, editing and deleting a report and its follow-up queues their changes for the server; notifications none", arguments: StoreKind.allCases)
    func reportsAreJournalled(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let report = try await fixture.addReport("Hanako Yamada", memo: "bp")
        let id = try #require(report.objectId)
        var changes = try await fixture.data.journal.changes(in: [.pending], limit: nil)
        #expect(changes.map(\.operation) == [.insert])
        #expect(changes.first?.objectID == id && changes.first?.typeName == "CaseReport")
        #expect(changes.first?.values["patientName"] == .text("Hanako Yamada"))  // sent decrypted
        #expect(changes.first?.scope == .group)

        _ = try await fixture.domain.reports.update(id: id, CaseReportChange(memo: "edited"))
        try await fixture.schedule(report, on: testNow + day)
        _ = try await fixture.domain.notifications.record(IncomingNotification(id: "n-1", kind: "message", title: "hello"))
        changes = try await fixture.data.journal.changes(in: [.pending], limit: nil)
        #expect(changes.map(\.operation) == [.insert, .insert])  // coalesced; notifications stay local
        #expect(changes.map(\.typeName) == ["CaseReport", "FollowUp"])
        #expect(changes.first?.values["memo"] == .text("edited"))
        #expect(changes.last?.values["caseReportID"] == .text(id))
        #expect(changes.last?.scope == .group)

        try await fixture.domain.reports.delete(id: id)
        #expect(try await fixture.data.journal.pendingCount() == 0)  // never sent, so nothing to send
    }

    @Test("the store refuses like on the encrypted patient name, so search filters in Swift", arguments: StoreKind.allCases)
    func likeOnPatientNameIsRefused(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        try await fixture.addReport("Hanako Yamada")
        let query = Query<CaseReport>().whereKey("patientName", .like, "%Hanako%")
        await #expect(throws: DataError.self) { try await fixture.data.store.query(query) }
        #expect(try await fixture.domain.reports.search("hanako", .first).map(\.patientName) == ["Hanako Yamada"])
        // Equality still works, through the keyed hash.
        let exact = Query<CaseReport>().whereKey("patientName", .equal, "Hanako Yamada")
        #expect(try await fixture.data.store.count(exact) == 1)
    }

    @Test("search pages through matches among many reports, newest first", arguments: StoreKind.allCases)
    func searchPagesAmongMany(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        for index in 0..<30 {
            try await fixture.addReport(index.isMultiple(of: 3) ? "Match \(index)" : "Other \(index)", at: testNow + Double(index))
        }
        let reports = fixture.domain.reports
        #expect(try await reports.search("MATCH", PageRequest(size: 4, index: 1)).map(\.patientName)
            == ["Match 27", "Match 24", "Match 21", "Match 18"])
        #expect(try await reports.search("match", PageRequest(size: 4, index: 3)).map(\.patientName) == ["Match 3", "Match 0"])
        #expect(try await reports.search("match", PageRequest(size: 4, index: 4)).isEmpty)
    }
}
