import StrataContainer
import StrataContainerTesting
import StrataDomain

/// The Reports forms ask one question per declared case-report field
/// (`CaseReport.declaredFields`); a test that answers the first five (patient, age, gender,
/// follow, memo) answers any field declared after them with Enter (its default), so adding a
/// field (Docs/Walkthroughs.md) changes no test of the forms.
enum ReportFormAnswers {
    /// One Enter for each input field after the first five.
    static var rest: [String] { Array(repeating: "", count: max(0, CaseReport.inputFields.count - 5)) }
}

extension MicroAppHarness {
    /// Types `lines`, then Enter for each declared field after the first five (see ``ReportFormAnswers``).
    @discardableResult
    func answerReportForm(_ lines: String..., into container: any RunningContainer) async -> [String] {
        for line in lines + ReportFormAnswers.rest { await type(line, into: container) }
        return doubles.terminal.lastScreen
    }
}

/// The keys `strata://reports/new` and `strata://reports/<id>/edit` accept, as their refusals
/// list them: each declared input field by its name (`patientName, age, gender, follow, memo`
/// first), then `format`.
let reportFieldKeys = (CaseReport.inputFields.map(\.name) + ["format"]).joined(separator: ", ")
