import Foundation
import StrataContainer
import StrataContainerTesting
import StrataCrossCutting
import StrataDomain
import Testing

/// The Reports and FollowUps forms on the memory terminal: each field checked by the domain's
/// rule as it is typed, the closed fields' choices, the report picked from a list, and a
/// report's follow-ups with `schedule`.
@Suite("Micro-app forms: per-field checks, choices, report picking, a report's follow-ups")
struct FormFieldsTests {
    @Test("reports add: a bad age is re-asked alone with the domain's message; gender and follow list their choices")
    func reportFormChecksAndChoices() async throws {
        let harness = try await MicroAppHarness()
        let container = try await harness.boot()
        await harness.type("reports", "add", "Hanako Sato", "151", into: container)
        #expect(harness.screen.contains("age is 151; expected 0 to 150 (years)"), "\(harness.screen)")
        #expect(harness.screen.contains("  Patient name: Hanako Sato"))
        #expect(harness.screen.contains("> Age in years (0-150) (required)"))
        await harness.type("42", into: container)
        for line in ["> Gender [unspecified]", "    1. female", "    2. male", "    3. other", "    4. unspecified"] {
            #expect(harness.screen.contains(line), "\(line) missing:\n\(harness.screen)")
        }
        await harness.type("robot", into: container)
        #expect(harness.screen.contains("gender 'robot' is not a gender; expected one of:"), "\(harness.screen)")
        await harness.type("1", into: container)
        #expect(harness.screen.contains("  Gender: female") && harness.screen.contains("> Needs follow-ups? [no]"))
        #expect(harness.screen.contains("    1. yes") && harness.screen.contains("    2. no"))
        await harness.answerReportForm("1", "", into: container)
        let saved = try #require(try await harness.domain.reports.list(.first).first)
        #expect(saved.patientName == "Hanako Sato" && saved.age == 42 && saved.gender == .female && saved.isFollow)
        await container.terminate(.quit)
    }

    @Test("reports add in Japanese: the choices carry Japanese labels next to the value typed")
    func japaneseChoiceLabels() async throws {
        try await MessageLanguage.$current.withValue(.japanese) {
            let harness = try await MicroAppHarness()
            let container = try await harness.boot()
            await harness.type("reports", "add", "佐藤花子", "42", into: container)
            #expect(harness.screen.contains("    1. 女性 (female)"), "\(harness.screen)")
            #expect(harness.screen.contains("back: 前の項目 · cancel: フォームを閉じる"))
            await harness.type("2", into: container)
            #expect(harness.screen.contains("  性別: 男性 (male)"), "\(harness.screen)")
            #expect(harness.screen.contains("    1. はい (yes)"))
            await container.terminate(.quit)
        }
    }

    @Test("follow-ups schedule: the report is picked by number from recent reports (patient and date), or by a word")
    func scheduleRecentReport() async throws {
        let harness = try await MicroAppHarness()
        let hanako = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let taro = try await harness.domain.reports.add(CaseReportDraft(patientName: "Taro Yamada", age: 67))
        let container = try await harness.boot()
        await harness.type("followups", "schedule", into: container)
        #expect(harness.screen.contains("> Case report (required)"), "\(harness.screen)")
        #expect(harness.screen.contains("1. Taro Yamada, 2026-11-22 (\(taro.objectId!))"), "\(harness.screen)")
        #expect(harness.screen.contains("2. Hanako Sato, 2026-11-22 (\(hanako.objectId!))"))
        await harness.type("2", into: container)
        #expect(harness.screen.contains("  Case report: Hanako Sato, 2026-11-22 (\(hanako.objectId!))"))
        await harness.type("back", "yamada", "", "", "", into: container)
        #expect(harness.screen.contains("    1. alpha blocker (alphaBlocker)"), "\(harness.screen)")
        await harness.type("6, diuretic", "", into: container)
        let saved = try #require(try await harness.domain.followUps.list(reportID: nil).first)
        #expect(saved.caseReportID == taro.objectId && saved.ace && saved.diuretic && !saved.arb)
        #expect(harness.screen.contains("Scheduled follow-up"))
        await container.terminate(.quit)
    }

    @Test("follow-ups schedule: an unknown report id is re-asked; min above max is refused at submit and min re-asked")
    func scheduleRefusals() async throws {
        let harness = try await MicroAppHarness()
        let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let container = try await harness.boot()
        await harness.type("followups", "schedule", "no-such-report", into: container)
        #expect(harness.screen.contains("no case report with id 'no-such-report'"), "\(harness.screen)")
        await harness.type(report.objectId!, "2026-13-01", into: container)
        #expect(harness.screen.contains("> Date (YYYY-MM-DD)"), "\(harness.screen)")
        await harness.type("", "400", into: container)
        #expect(harness.screen.contains("maxBloodPressure is 400; expected 0 to 300 (mmHg)"), "\(harness.screen)")
        await harness.type("120", "130", "", "", into: container)
        #expect(harness.screen.contains("minBloodPressure 130 is above maxBloodPressure 120"), "\(harness.screen)")
        #expect(harness.screen.contains("> Diastolic blood pressure"))
        #expect(harness.screen.contains("  Systolic blood pressure (mmHg, empty if not measured): 120"))
        #expect(try await harness.domain.followUps.list(reportID: nil).isEmpty)
        await harness.type("80", "", "", into: container)
        let saved = try #require(try await harness.domain.followUps.list(reportID: nil).first)
        #expect(saved.maxBloodPressure == 120 && saved.minBloodPressure == 80)
        await container.terminate(.quit)
    }

    @Test("a report's detail lists its follow-ups; schedule opens the follow-up form for this report")
    func reportDetailFollowUps() async throws {
        let harness = try await MicroAppHarness()
        let report = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        _ = try await harness.domain.followUps.schedule(
            FollowUpDraft(caseReportID: report.objectId!, date: MicroAppHarness.now, maxBloodPressure: 140, minBloodPressure: 90))
        let container = try await harness.boot()
        await harness.type("reports", "show 1", into: container)
        #expect(harness.screen.contains("follow-ups 1 (1 not done)"), "\(harness.screen)")
        #expect(harness.screen.contains("2026-11-22") && harness.screen.contains("140/90"))
        #expect(harness.doubles.terminal.lastScreen.last == "Type: edit · delete · schedule · back · home · quit")
        await harness.type("schedule", into: container)
        #expect(await container.context.currentApplication?.name == "FollowUps")
        #expect(harness.screen.contains("> Case report [\(report.objectId!)] (required)"), "\(harness.screen)")
        await harness.type("", "2026-12-01", "", "", "", "", into: container)
        #expect(try await harness.domain.followUps.list(reportID: report.objectId).count == 2)
        await harness.type("back", into: container)
        #expect(await container.context.currentApplication?.name == "Reports")
        #expect(harness.screen.contains("follow-ups 2 (2 not done)") && harness.screen.contains("2026-12-01"), "\(harness.screen)")
        await container.terminate(.quit)
    }

    @Test("delete asks yes or no from a list; a number picks the answer")
    func deleteChoices() async throws {
        let harness = try await MicroAppHarness()
        _ = try await harness.domain.reports.add(CaseReportDraft(patientName: "Hanako Sato", age: 42))
        let container = try await harness.boot()
        await harness.type("reports", "delete 1", into: container)
        #expect(harness.screen.contains("    1. yes, delete (yes)") && harness.screen.contains("    2. no, keep it (no)"))
        await harness.type("maybe", into: container)
        #expect(harness.screen.contains("'maybe' is not one of the choices"), "\(harness.screen)")
        await harness.type("1", into: container)
        #expect(try await harness.domain.reports.list(.first).isEmpty)
        await container.terminate(.quit)
    }
}
