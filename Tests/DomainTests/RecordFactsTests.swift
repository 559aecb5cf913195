import Foundation
import StrataCrossCutting
import StrataData
import StrataDataTesting
import StrataDomain
import StrataJournal
import StrataSession
import StrataStore
import StrataWire
import Testing

/// Each listed record's author and sync state (`facts(of:)`), read for a whole page at once.
@Suite("record facts")
struct RecordFactsTests {
    /// A session of `account` whose id is `userID`.
    static func session(_ userID: String, account: String) -> AuthInfo {
        AuthInfo(
            userID: userID, account: account, groups: [GroupRole(groupID: "g1", groupName: "ward", roleName: "member")],
            token: "t", validUntil: testNow.addingTimeInterval(3600))
    }

    @Test("a report saved here waits as pending; once the server took it, it is synced", arguments: StoreKind.allCases)
    func pendingThenSynced(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let report = try await fixture.addReport("Hanako", age: 42)
        let id = try #require(report.objectId)
        #expect(try await fixture.domain.reports.facts(of: [report])[id]?.sync == .pending)
        let claimed = try await fixture.data.journal.claim(limit: 10)
        try await fixture.data.journal.acknowledge(operationIDs: claimed.map(\.operationID))
        #expect(try await fixture.domain.reports.facts(of: [report])[id]?.sync == .synced)
    }

    @Test("a refused change reads as rejected; one refused with the server's object as a conflict")
    func rejectedAndConflict() async throws {
        let fixture = try await DomainFixture(.inMemory)
        let refused = try await fixture.addReport("Refused", age: 40)
        let conflicted = try await fixture.addReport("Conflicted", age: 41)
        let untouched = try await fixture.addReport("Waiting", age: 42)
        let claimed = try await fixture.data.journal.claim(limit: 2)
        let byObject = Dictionary(uniqueKeysWithValues: claimed.map { ($0.objectID, $0.operationID) })
        try await fixture.data.journal.reject(operationID: try #require(byObject[refused.objectId ?? ""]), reason: "403: not yours")
        let current = WireObject(
            objectId: conflicted.objectId ?? "", values: ["age": .integer(47)], scope: 2, ownerUser: "u9", ownerGroup: "g1",
            deleted: false, version: 8)
        try await fixture.data.journal.reject(
            operationID: try #require(byObject[conflicted.objectId ?? ""]), reason: "age changed", conflictFields: ["age"],
            current: current)
        let facts = try await fixture.domain.reports.facts(of: [refused, conflicted, untouched])
        #expect(facts[refused.objectId ?? ""]?.sync == .rejected)
        #expect(facts[conflicted.objectId ?? ""]?.sync == .conflict)
        #expect(facts[untouched.objectId ?? ""]?.sync == .pending)
    }

    @Test("the author is the signed-in user's account name for their own reports, a short id for another user's, — for none")
    func authors() async throws {
        let alice = "a1b2c3d4-0000-4000-8000-000000000001"
        let data = await DataLayerFactory.inMemory(clock: FixedClock(testNow), session: Self.session(alice, account: "alice"))
        let domain = try await DomainFactory.make(data: data, clock: FixedClock(testNow))
        let hers = try await domain.reports.add(CaseReportDraft(patientName: "Hers", age: 30))
        try await data.session.clear()
        let nobodys = try await domain.reports.add(CaseReportDraft(patientName: "Nobody's", age: 31))
        var facts = try await domain.reports.facts(of: [hers, nobodys])
        #expect(facts[hers.objectId ?? ""]?.authorID == alice)
        #expect(facts[nobodys.objectId ?? ""]?.author == "—")
        try await data.session.save(Self.session("b0000000-0000-4000-8000-000000000002", account: "bob"))
        facts = try await domain.reports.facts(of: [hers])
        #expect(facts[hers.objectId ?? ""]?.author == "a1b2c3d4…", "another user's report shows their id, shortened")
        try await data.session.save(Self.session(alice, account: "alice"))
        facts = try await domain.reports.facts(of: [hers])
        #expect(facts[hers.objectId ?? ""]?.author == "alice")
    }

    @Test("follow-ups have facts too, and a page of more ids than one statement binds is read whole")
    func followUpsAndLargePages() async throws {
        let fixture = try await DomainFixture(.live)
        let report = try await fixture.addReport("Hanako", age: 42)
        let followUp = try await fixture.domain.followUps.schedule(
            FollowUpDraft(caseReportID: report.objectId ?? "", date: testNow))
        #expect(try await fixture.domain.followUps.facts(of: [followUp])[followUp.objectId ?? ""]?.sync == .pending)
        let many = try await fixture.data.store.save(
            (0..<620).map { index -> CaseReport in
                var report = CaseReport()
                report.patientName = "P\(index)"
                return report
            })
        let facts = try await fixture.domain.reports.facts(of: many)
        #expect(facts.count == 620 && facts.values.allSatisfy { $0.sync == .pending })
    }
}
