import Foundation
import StrataDomain
import Testing

/// Case-report use cases, on the in-memory double and on the real SQLite store.
@Suite("case reports")
struct CaseReportServiceTests {
    @Test("add trims, stamps both dates from the clock and returns the report with its id", arguments: StoreKind.allCases)
    func addStoresAReport(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let draft = CaseReportDraft(patientName: "  Hanako Yamada \n", age: 42, gender: .female, isFollow: true, memo: " bp ")
        let report = try await fixture.domain.reports.add(draft)
        let id = try #require(report.objectId)
        #expect(report.patientName == "Hanako Yamada")
        #expect(report.memo == "bp")
        #expect(report.gender == .female && report.isFollow && report.age == 42)
        #expect(report.createdAt == testNow && report.updatedAt == testNow)
        #expect(try await fixture.domain.reports.get(id: id) == report)
    }

    @Test("add refuses an empty or over-long patient name and an age outside 0…150", arguments: StoreKind.allCases)
    func addValidates(kind: StoreKind) async throws {
        let reports = try await DomainFixture(kind).domain.reports
        let empty = await domainError { try await reports.add(CaseReportDraft(patientName: "   ", age: 3)) }
        #expect(empty?.code == .invalidInput)
        #expect(empty?.message.contains("patientName") == true)
        let long = await domainError { try await reports.add(CaseReportDraft(patientName: String(repeating: "あ", count: 201), age: 3)) }
        #expect(long?.message == "patientName is 201 characters long; expected at most 200")
        _ = try await reports.add(CaseReportDraft(patientName: String(repeating: "あ", count: 200), age: 0))
        _ = try await reports.add(CaseReportDraft(patientName: "Old", age: 150))
        #expect(await domainError { try await reports.add(CaseReportDraft(patientName: "A", age: -1)) }?.message
            == "age is -1; expected 0 to 150 (years)")
        #expect(await domainError { try await reports.add(CaseReportDraft(patientName: "A", age: 151)) }?.code == .invalidInput)
        #expect(try await reports.list(.first).count == 2)
    }

    @Test("update changes only the fields set and stamps updatedAt", arguments: StoreKind.allCases)
    func updateChangesSetFields(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let report = try await fixture.addReport("Taro", age: 30, memo: "first")
        let later = try await fixture.domain(at: testNow + 60)
        let updated = try await later.reports.update(id: report.objectId ?? "", CaseReportChange(age: 31, memo: " second "))
        #expect(updated.patientName == "Taro" && updated.age == 31 && updated.memo == "second")
        #expect(updated.createdAt == testNow && updated.updatedAt == testNow + 60)
        #expect(try await fixture.domain.reports.get(id: report.objectId ?? "") == updated)
    }

    @Test("update names a missing id, refuses an empty change and validates what it sets", arguments: StoreKind.allCases)
    func updateErrors(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let id = try await fixture.addReport("Taro").objectId ?? ""
        let missing = await domainError { try await fixture.domain.reports.update(id: "nope", CaseReportChange(age: 3)) }
        #expect(missing?.code == .notFound)
        #expect(missing?.message.contains("'nope'") == true)
        #expect(await domainError { try await fixture.domain.reports.update(id: id, CaseReportChange()) }?.code == .invalidInput)
        #expect(await domainError { try await fixture.domain.reports.update(id: id, CaseReportChange(patientName: " ")) }?.code
            == .invalidInput)
        #expect(try await fixture.domain.reports.get(id: id).patientName == "Taro")
    }

    @Test("get names a missing id", arguments: StoreKind.allCases)
    func getMissing(kind: StoreKind) async throws {
        let error = await domainError { try await DomainFixture(kind).domain.reports.get(id: "r-404") }
        #expect(error?.code == .notFound)
        #expect(error?.message == "no case report with id 'r-404'")
    }

    @Test("list is newest first, one page at a time; a page size below 1 is refused", arguments: StoreKind.allCases)
    func listPages(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        for (offset, name) in ["a", "b", "c", "d", "e"].enumerated() {
            try await fixture.addReport(name, at: testNow + Double(offset))
        }
        let reports = fixture.domain.reports
        #expect(try await reports.list(.first).map(\.patientName) == ["e", "d", "c", "b", "a"])
        #expect(try await reports.list(PageRequest(size: 2, index: 2)).map(\.patientName) == ["c", "b"])
        #expect(try await reports.list(PageRequest(size: 2, index: 4)).isEmpty)
        #expect(await domainError { try await reports.list(PageRequest(size: 0)) }?.message == "page size is 0; expected 1 or more")
        #expect(await domainError { try await reports.list(PageRequest(size: 1, index: 0)) }?.code == .invalidInput)
        #expect(await domainError { try await reports.list(PageRequest(size: .max, index: 3)) }?.code == .invalidInput)
    }

    @Test("reports created in the same instant list last-saved first", arguments: StoreKind.allCases)
    func sameInstantTies(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        for name in ["first", "second", "third"] {
            try await fixture.addReport(name)
        }
        #expect(try await fixture.domain.reports.list(.first).map(\.patientName) == ["third", "second", "first"])
    }

    @Test("search finds the text in patient name or memo, any case, newest first, paged", arguments: StoreKind.allCases)
    func searchNameOrMemo(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        try await fixture.addReport("Tanaka Ichiro", memo: "stable", at: testNow)
        try await fixture.addReport("Sato", memo: "call TANAKA's family", at: testNow + 1)
        try await fixture.addReport("Suzuki", memo: "nothing", at: testNow + 2)
        try await fixture.addReport("Tanaka Jiro", memo: "tanaka again", at: testNow + 3)
        let reports = fixture.domain.reports
        #expect(try await reports.search("tanaka", .first).map(\.patientName) == ["Tanaka Jiro", "Sato", "Tanaka Ichiro"])
        #expect(try await reports.search(" TaNaKa ", PageRequest(size: 2, index: 2)).map(\.patientName) == ["Tanaka Ichiro"])
        #expect(try await reports.search("nobody", .first).isEmpty)
        #expect(try await reports.search("", .first).count == 4)
        #expect(await domainError { try await reports.search("x", PageRequest(size: 0)) }?.code == .invalidInput)
    }

    @Test("search treats % and _ as text and folds case beyond ASCII", arguments: StoreKind.allCases)
    func searchIsExact(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        try await fixture.addReport("Élodie", memo: "dose 50% less")
        try await fixture.addReport("Emile", memo: "dose 50 mg, less")
        try await fixture.addReport("a_b", memo: "")
        try await fixture.addReport("axb", memo: "")
        try await fixture.addReport("山田太郎", memo: "")
        let reports = fixture.domain.reports
        #expect(try await reports.search("50%", .first).map(\.patientName) == ["Élodie"])
        #expect(try await reports.search("a_b", .first).map(\.patientName) == ["a_b"])
        #expect(try await reports.search("éLODIE", .first).map(\.patientName) == ["Élodie"])
        #expect(try await reports.search("山田", .first).map(\.patientName) == ["山田太郎"])
    }

    @Test("delete removes the report and its follow-ups, and names a missing id", arguments: StoreKind.allCases)
    func deleteCascades(kind: StoreKind) async throws {
        let fixture = try await DomainFixture(kind)
        let doomed = try await fixture.addReport("Doomed")
        let kept = try await fixture.addReport("Kept")
        try await fixture.schedule(doomed, on: testNow + day)
        try await fixture.schedule(doomed, on: testNow + 2 * day)
        try await fixture.schedule(kept, on: testNow + day)
        try await fixture.domain.reports.delete(id: doomed.objectId ?? "")
        #expect(try await fixture.domain.reports.list(.first).map(\.patientName) == ["Kept"])
        #expect(try await fixture.domain.followUps.list(reportID: nil).map(\.caseReportID) == [kept.objectId ?? ""])
        let again = await domainError { try await fixture.domain.reports.delete(id: doomed.objectId ?? "") }
        #expect(again?.code == .notFound)
        #expect(again?.message.contains(doomed.objectId ?? "?") == true)
    }
}
