import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The fields of the Reports forms, each checked as it is typed by the domain's own rule
/// (`CaseReport.checkedPatientName`, `checkedAge`, `checkedMemo`, `Gender(name:)`), and the
/// closed ones (gender, follow) listing their choices.
enum ReportFields {
    /// The form field each domain field name is asked in (`isFollow` is asked as `follow`).
    static let formNames = ["patientName": "patientName", "age": "age", "gender": "gender", "isFollow": "follow", "memo": "memo"]

    /// The patient's name: 1 to 200 characters once trimmed, one line.
    static func patientName(defaultValue: String? = nil) -> FormScreen.Field {
        .init(
            name: "patientName", prompt: localized("Patient name", ja: "患者名"), defaultValue: defaultValue,
            required: defaultValue == nil,
            check: { text in FormScreen.refusal { _ = try CaseReport.checkedPatientName(text) } })
    }

    /// The age: a whole number in the domain's range.
    static func age(defaultValue: String? = nil) -> FormScreen.Field {
        let ages = CaseReport.acceptedAges
        return .init(
            name: "age",
            prompt: localized("Age in years (\(ages.lowerBound)-\(ages.upperBound))", ja: "年齢（\(ages.lowerBound)〜\(ages.upperBound)）"),
            defaultValue: defaultValue, required: defaultValue == nil,
            check: { text in
                FormScreen.refusal {
                    guard let age = try RouteParameters(["age": text]).integer("age") else { return }
                    _ = try CaseReport.checkedAge(age)
                }
            })
    }

    /// The gender: one of the domain's genders, listed.
    static func gender(defaultValue: String) -> FormScreen.Field {
        .init(
            name: "gender", prompt: localized("Gender", ja: "性別"), defaultValue: defaultValue,
            choices: [Gender.female, .male, .other, .unspecified].map { FormScreen.Choice($0.name, label: label(of: $0)) },
            check: { text in FormScreen.refusal { _ = try RouteParameters(["gender": text]).gender("gender") } })
    }

    /// Whether the case needs follow-ups: yes or no (true/false, y/n also read).
    static func follow(defaultValue: Bool) -> FormScreen.Field {
        .init(
            name: "follow", prompt: localized("Needs follow-ups?", ja: "フォローアップが必要ですか？"),
            defaultValue: defaultValue ? "yes" : "no",
            choices: [
                FormScreen.Choice("yes", label: localized("yes", ja: "はい")),
                FormScreen.Choice("no", label: localized("no", ja: "いいえ")),
            ],
            check: { text in FormScreen.refusal { _ = try RouteParameters(["follow": text]).flag("follow") } })
    }

    /// Free text.
    static func memo(defaultValue: String) -> FormScreen.Field {
        .init(
            name: "memo", prompt: localized("Memo", ja: "メモ"), defaultValue: defaultValue,
            check: { text in FormScreen.refusal { _ = try CaseReport.checkedMemo(text) } })
    }

    /// A gender's name in the person's language (`女性`), shown next to the value typed.
    static func label(of gender: Gender) -> String {
        switch gender {
        case .unspecified: localized("unspecified", ja: "未指定")
        case .male: localized("male", ja: "男性")
        case .female: localized("female", ja: "女性")
        case .other: localized("other", ja: "その他")
        }
    }

    /// What a form does when the domain refused the submitted values: asks the refused field
    /// again when the error names one the form has, else the whole form.
    static func outcome(_ error: any Error) -> FormScreen.Outcome {
        .refused(error, field: (error as? DomainError)?.field.flatMap { formNames[$0] })
    }
}
