import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The fields of the schedule form, each checked as it is typed by the domain's own rule (the
/// report must exist, `FollowUp.checkBloodPressures`, `FollowUp.checkedMemo`), the report
/// picked from a numbered list of recent reports and the medications from theirs.
enum FollowUpFields {
    /// How many reports the report field lists at once (a word searches beyond them).
    static let listed = 10

    /// The form field each domain field name is asked in.
    static let formNames = [
        "caseReportID": "report", "date": "date", "maxBloodPressure": "maxBp", "minBloodPressure": "minBp",
        "memo": "memo", "medication": "medication",
    ]

    /// The case report: a number from the list of recent reports (patient name and date), a
    /// word searching patients and memos, or an id.
    static func report(defaultValue: String?, services: FollowUpsServices) -> FormScreen.Field {
        let domain = services.domain
        let calendar = services.clock.calendar
        return .init(
            name: "report", prompt: localized("Case report", ja: "症例報告"), defaultValue: defaultValue, required: true,
            check: { id in
                do {
                    _ = try await domain.reports.get(id: id)
                    return nil
                } catch {
                    return ErrorText.readable(error)
                }
            },
            search: { word in
                let page = PageRequest(size: listed)
                let reports = (try? await (word.isEmpty ? domain.reports.list(page) : domain.reports.search(word, page))) ?? []
                return reports.compactMap { report in
                    report.objectId.map { id in
                        FormScreen.Choice(id, label: "\(report.patientName), \(DayText.day(report.createdAt, calendar: calendar))")
                    }
                }
            })
    }

    /// The day of the visit, `YYYY-MM-DD` in the clock's calendar.
    static func date(defaultValue: String, calendar: Calendar) -> FormScreen.Field {
        .init(
            name: "date", prompt: localized("Date (YYYY-MM-DD)", ja: "日付（YYYY-MM-DD）"), defaultValue: defaultValue, required: true,
            check: { text in FormScreen.refusal { _ = try DayText.parse(text, calendar: calendar, what: "date") } })
    }

    /// A measured blood pressure (`maxBp` systolic, `minBp` diastolic), or empty.
    static func pressure(_ name: String, calendar: Calendar) -> FormScreen.Field {
        let prompt =
            name == "maxBp"
            ? localized("Systolic blood pressure (mmHg, empty if not measured)", ja: "収縮期血圧（mmHg、未測定なら空欄）")
            : localized("Diastolic blood pressure (mmHg, empty if not measured)", ja: "拡張期血圧（mmHg、未測定なら空欄）")
        return .init(
            name: name, prompt: prompt, defaultValue: "",
            check: { text in
                FormScreen.refusal {
                    let value = try FollowUpParameters(params: [name: text], calendar: calendar).pressure(name)
                    try FollowUp.checkBloodPressures(max: name == "maxBp" ? value : nil, min: name == "minBp" ? value : nil)
                }
            })
    }

    /// The medications taken: several of the domain's, by number or name, comma separated.
    static func medications(calendar: Calendar) -> FormScreen.Field {
        .init(
            name: "medication", prompt: localized("Medications", ja: "投薬"), defaultValue: "",
            choices: Medication.allCases.map { FormScreen.Choice($0.rawValue, label: label(of: $0)) }, allowsSeveral: true,
            check: { text in
                FormScreen.refusal { _ = try FollowUpParameters(params: ["medication": text], calendar: calendar).medications() }
            })
    }

    /// Free text.
    static func memo() -> FormScreen.Field {
        .init(
            name: "memo", prompt: localized("Memo", ja: "メモ"), defaultValue: "",
            check: { text in FormScreen.refusal { _ = try FollowUp.checkedMemo(text) } })
    }

    /// A medication's name in the person's language, shown next to the value typed.
    static func label(of medication: Medication) -> String {
        switch medication {
        case .alphaBlocker: localized("alpha blocker", ja: "α遮断薬")
        case .arb: localized("angiotensin II receptor blocker", ja: "アンジオテンシンII受容体拮抗薬")
        case .betaBlocker: localized("beta blocker", ja: "β遮断薬")
        case .ca: localized("calcium-channel blocker", ja: "カルシウム拮抗薬")
        case .diuretic: localized("diuretic", ja: "利尿薬")
        case .ace: localized("ACE inhibitor", ja: "ACE阻害薬")
        case .neurodepressant: localized("neurodepressant", ja: "神経抑制薬")
        }
    }

    /// What the form does when the domain refused the submitted values: asks the refused field
    /// again when the error names one the form has, else the whole form.
    static func outcome(_ error: any Error) -> FormScreen.Outcome {
        .refused(error, field: (error as? DomainError)?.field.flatMap { formNames[$0] })
    }
}
