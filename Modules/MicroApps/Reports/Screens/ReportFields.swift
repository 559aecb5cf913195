import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The fields of the Reports forms, one per input field of ``CaseReport/declaredFields``, each
/// checked as it is typed by the domain's own rule (`CaseReport.checkedPatientName`,
/// `checkedAge`, `checkedMemo`, `Gender.parse`), and the closed ones (gender, follow)
/// listing their choices.
enum ReportFields {
    /// The form field each domain field name is asked in (`isFollow` is asked as `follow`).
    static var formNames: [String: String] {
        Dictionary(uniqueKeysWithValues: CaseReport.inputFields.map { ($0.key, $0.name) })
    }

    /// The add form's fields: a required field asked with no default, the others with the
    /// value of an empty report.
    static func forNewReport() -> [FormScreen.Field] {
        let empty = CaseReport()
        return CaseReport.inputFields.map { field($0, defaultValue: $0.requiredToAdd ? nil : $0.inputText(in: empty)) }
    }

    /// The edit form's fields, each with the report's value kept on Enter.
    static func forEditing(_ report: CaseReport) -> [FormScreen.Field] {
        CaseReport.inputFields.map { field($0, defaultValue: $0.inputText(in: report)) }
    }

    /// The form field for `declared`: its prompt, its choices, required when it has no
    /// default, checked by the domain's parse and rule.
    static func field(_ declared: DeclaredField<CaseReport>, defaultValue: String?) -> FormScreen.Field {
        .init(
            name: declared.name, prompt: declared.prompt?.text ?? declared.name, defaultValue: defaultValue,
            required: defaultValue == nil,
            choices: declared.choices.map { FormScreen.Choice($0.value, label: $0.label.text) },
            check: { text in FormScreen.refusal { try declared.check(text: text) } })
    }

    /// What a form does when the domain refused the submitted values: asks the refused field
    /// again when the error names one the form has, else the whole form.
    static func outcome(_ error: any Error) -> FormScreen.Outcome {
        .refused(error, field: (error as? DomainError)?.field.flatMap { formNames[$0] })
    }
}
