import Foundation
import StrataCrossCutting
import StrataDomain
import Testing

/// The domain's most common refusals, which the hosts print as they are, in both languages.
@Suite("domain messages in Japanese and English")
struct DomainMessageLanguageTests {
    @Test("an age out of range and a missing report are Japanese under ja; field names stay")
    func japaneseRefusals() async throws {
        try await MessageLanguage.$current.withValue(.japanese) {
            let reports = try await DomainFixture(.inMemory).domain.reports
            let age = await domainError { try await reports.add(CaseReportDraft(patientName: "佐藤", age: 200)) }
            #expect(age?.message == "age（年齢）が 200 です。0〜150（歳）を指定してください")
            let missing = await domainError { try await reports.get(id: "r-404") }
            #expect(missing?.code == .notFound)
            #expect(missing?.message == "ID 'r-404' の症例報告はありません")
        }
    }

    @Test("the same refusals are English when English is bound")
    func englishRefusals() async throws {
        try await MessageLanguage.$current.withValue(.english) {
            let reports = try await DomainFixture(.inMemory).domain.reports
            let age = await domainError { try await reports.add(CaseReportDraft(patientName: "Sato", age: 200)) }
            #expect(age?.message == "age is 200; expected 0 to 150 (years)")
            let missing = await domainError { try await reports.get(id: "r-404") }
            #expect(missing?.message == "no case report with id 'r-404'")
        }
    }
}
