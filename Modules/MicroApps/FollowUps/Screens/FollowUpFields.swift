import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The fields of the schedule form, one per input field of ``FollowUp/declaredFields``, each
/// checked as it is typed by the domain's own parse and rule (`FollowUp.checkBloodPressures`
/// for each side, `FollowUp.checkedMemo`, the day, the medications' names); the report is
/// picked from a numbered list of recent reports (and must exist), the medications from theirs.
enum FollowUpFields {
    /// How many reports the report field lists at once (a word searches beyond them).
    static let listed = 10

    /// The form field each domain field name is asked in (`caseReportID` as `report`,
    /// `maxBloodPressure` as `maxBp`…).
    static var formNames: [String: String] {
        Dictionary(uniqueKeysWithValues: FollowUp.inputFields.map { ($0.key, $0.name) })
    }

    /// The schedule form's fields in the table's order: the report (`report` preset when
    /// given), the day (today by default), the others empty.
    static func forSchedule(report: String?, today: String, services: FollowUpsServices) -> [FormScreen.Field] {
        let calendar = services.clock.calendar
        let empty = FollowUp()
        return FollowUp.inputFields.map { declared in
            switch declared.input {
            case .identifier: return self.report(declared, defaultValue: report, services: services)
            case .day: return field(declared, defaultValue: today, calendar: calendar)
            default: return field(declared, defaultValue: declared.inputText(in: empty, calendar: calendar), calendar: calendar)
            }
        }
    }

    /// The form field for `declared`: its prompt, its choices (several for a choice list),
    /// required when adding needs it, checked by the domain's parse and rule.
    static func field(_ declared: DeclaredField<FollowUp>, defaultValue: String?, calendar: Calendar) -> FormScreen.Field {
        .init(
            name: declared.name, prompt: declared.prompt?.text ?? declared.name, defaultValue: defaultValue,
            required: declared.requiredToAdd, choices: declared.choices.map { FormScreen.Choice($0.value, label: $0.label.text) },
            allowsSeveral: declared.allowsSeveral,
            check: { text in FormScreen.refusal { try declared.check(text: text, calendar: calendar) } })
    }

    /// The case report: a number from the list of recent reports (patient name and date), a
    /// word searching patients and memos, or an id.
    static func report(_ declared: DeclaredField<FollowUp>, defaultValue: String?, services: FollowUpsServices) -> FormScreen.Field {
        let domain = services.domain
        let calendar = services.clock.calendar
        return .init(
            name: declared.name, prompt: declared.prompt?.text ?? declared.name, defaultValue: defaultValue, required: true,
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

    /// What the form does when the domain refused the submitted values: asks the refused field
    /// again when the error names one the form has, else the whole form.
    static func outcome(_ error: any Error) -> FormScreen.Outcome {
        .refused(error, field: (error as? DomainError)?.field.flatMap { formNames[$0] })
    }
}
