import Foundation
import StrataContainer
import StrataCrossCutting
import StrataData
import StrataDomain
import StrataStore
import Testing

/// Values already in a store (written before names refused control characters, or by another
/// program) reach every output escaped: tables, `show`, the interactive screens, JSON.
@Suite("Old values with control characters are escaped in every output")
struct TerminalEscapingTests {
    /// Saves a report straight into the store, past the domain's rules, as an old Strata did.
    private func oldReport(_ harness: MicroAppHarness, name: String, memo: String) async throws -> String {
        var report = CaseReport()
        report.patientName = name
        report.age = 40
        report.memo = memo
        report.createdAt = MicroAppHarness.now
        return try await harness.data.store.save(report).objectId ?? ""
    }

    private func hasRawControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" }
    }

    @Test("scripted list and show escape ESC and C1; show keeps the memo's line breaks")
    func scripted() async throws {
        let harness = try await MicroAppHarness()
        let id = try await oldReport(harness, name: "\u{1B}[2JSato\u{9B}", memo: "one\ntwo\u{07}")
        let (container, captured) = try await harness.bootScripted()
        try await container.open(URL(string: "strata://reports")!)
        try await container.open(URL(string: "strata://reports/\(id)")!)
        let text = captured.text
        #expect(!hasRawControl(text), "\(text.debugDescription)")
        #expect(text.contains("\\u{1B}[2JSato\\u{9B}"))
        #expect(text.contains("one\n") && text.contains("two\\u{7}"))
        await container.terminate(.quit)
    }

    @Test("JSON output writes DEL, C1 and bidi controls as \\u escapes and still decodes to the stored value")
    func json() async throws {
        let harness = try await MicroAppHarness()
        let name = "Sato\u{9B}2J\u{202E}\u{7F}\u{1B}"
        let id = try await oldReport(harness, name: name, memo: "")
        let (container, captured) = try await harness.bootScripted()
        try await container.open(URL(string: "strata://reports/\(id)?format=json")!)
        #expect(!hasRawControl(captured.text), "\(captured.text.debugDescription)")
        let object = try JSONSerialization.jsonObject(with: Data(captured.text.utf8)) as? [String: Any]
        #expect(object?["patientName"] as? String == name)
        await container.terminate(.quit)
    }

    @Test("the interactive list and detail screens never draw a raw control character")
    func screens() async throws {
        let harness = try await MicroAppHarness()
        _ = try await oldReport(harness, name: "\u{1B}]0;pwned\u{07}Sato", memo: "a\u{1B}[31m")
        let container = try await harness.boot()
        await harness.type("reports", into: container)
        #expect(!hasRawControl(harness.screen), "\(harness.screen.debugDescription)")
        #expect(harness.screen.contains("\\u{1B}]0;pwned\\u{7}Sato"))
        await harness.type("show 1", into: container)
        #expect(!hasRawControl(harness.screen), "\(harness.screen.debugDescription)")
        #expect(harness.screen.contains("a\\u{1B}[31m"))
        await container.terminate(.quit)
    }

    @Test("strata://follows?report= (empty) is refused, not read as every report's follow-ups")
    func emptyReportParameter() async throws {
        let harness = try await MicroAppHarness()
        let (container, captured) = try await harness.bootScripted()
        try await container.open(URL(string: "strata://follows?report=")!)
        #expect(captured.text.isEmpty)
        let error = try #require(captured.console.failures.first as? DomainError)
        #expect(error.message.hasPrefix("report is empty"))
        await container.terminate(.quit)
    }
}
