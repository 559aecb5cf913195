import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataDomain
import Testing

/// The Reports forms are read from `CaseReport.declaredFields`, the FollowUps schedule form
/// from `FollowUp.declaredFields`: a field declared there is asked, with its prompt and
/// choices, in the order of the table, and saved.
@Suite("Reports forms: one question per declared case-report field")
struct DeclaredFormTests {
    @Test("reports add asks every declared input field in order by its prompt and saves what was typed")
    func addAsksEveryDeclaredField() async throws {
        let harness = try await MicroAppHarness()
        let container = try await harness.boot()
        await harness.type("reports", "add", into: container)
        var expected = CaseReport()
        for field in CaseReport.inputFields {
            let prompt = try #require(field.prompt).text
            #expect(harness.screen.contains("> \(prompt)"), "\(field.name): \(prompt) missing:\n\(harness.screen)")
            // "1" reads as a name, a number, a memo; a closed field is answered with its first choice.
            let text = field.choices.first?.value ?? "1"
            _ = try field.parse(text, into: &expected)
            try field.check(&expected)
            await harness.type(field.choices.isEmpty ? text : "1", into: container)
        }
        let saved = try #require(try await harness.domain.reports.list(.first).first)
        for field in CaseReport.inputFields {
            #expect(field.displayText(in: saved) == field.displayText(in: expected), "\(field.name)")
        }
        await container.terminate(.quit)
    }

    @Test("followups schedule asks every declared follow-up input field in order by its prompt and saves what was typed")
    func scheduleAsksEveryDeclaredField() async throws {
        let harness = try await MicroAppHarness()
        let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let container = try await harness.boot()
        await harness.type("followups", "schedule", into: container)
        let calendar = harness.clock.calendar
        var expected = FollowUp()
        for field in FollowUp.inputFields {
            let prompt = try #require(field.prompt).text
            #expect(harness.screen.contains("> \(prompt)"), "\(field.name): \(prompt) missing:\n\(harness.screen)")
            // An id for the report, a day for a day, the first choice of a list, else "1" (a
            // pressure, a memo).
            let text: String
            switch field.input {
            case .identifier: text = report.objectId ?? ""
            case .day: text = "2026-12-01"
            default: text = field.choices.first?.value ?? "1"
            }
            _ = try field.parse(text, into: &expected, calendar: calendar)
            try field.check(&expected)
            await harness.type(field.choices.isEmpty ? text : "1", into: container)
        }
        let saved = try #require(try await harness.domain.followUps.list(reportID: nil).first, "\(harness.screen)")
        for field in FollowUp.inputFields {
            #expect(
                field.displayText(in: saved, calendar: calendar) == field.displayText(in: expected, calendar: calendar), "\(field.name)")
        }
        #expect(saved.alphaBlocker && saved.maxBloodPressure == 1 && saved.memo == "1")
        await container.terminate(.quit)
    }
}
