#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
public import StrataStore

/// A follow-up visit scheduled for a case report (the sample's `Follow`).
public struct FollowUp: ValueObject, Hashable, Codable {
    /// The store's id for this follow-up; `nil` until it is first saved.
    public var objectId: String?
    /// The id of the case report this follow-up belongs to.
    public var caseReportID: String = ""
    /// When the follow-up is due.
    public var date: Date = Date(timeIntervalSince1970: 0)
    /// Systolic blood pressure measured, if any (mmHg).
    public var maxBloodPressure: Double? = nil
    /// Diastolic blood pressure measured, if any (mmHg).
    public var minBloodPressure: Double? = nil
    /// Free text.
    public var memo: String = ""
    /// Whether an alpha blocker is taken (a medication flag, as in the sample).
    public var alphaBlocker = false
    /// Whether an angiotensin II receptor blocker (ARB) is taken.
    public var arb = false
    /// Whether a beta blocker is taken.
    public var betaBlocker = false
    /// Whether a calcium-channel blocker is taken.
    public var ca = false
    /// Whether a diuretic is taken.
    public var diuretic = false
    /// Whether an ACE inhibitor is taken.
    public var ace = false
    /// Whether a neurodepressant is taken.
    public var neurodepressant = false
    /// Whether the follow-up has been done (done follow-ups are never due or overdue).
    public var isDone = false
    /// When the follow-up was first saved.
    public var createdAt: Date = Date(timeIntervalSince1970: 0)

    /// An empty follow-up (every field at its default).
    public init() {}

    /// Whether the follow-up is overdue on the day `today` (from its start, inclusive): not
    /// done and dated before that day, as ``FollowUpService/overdue()`` lists them.
    public func isOverdue(today: DateInterval) -> Bool {
        !isDone && date < today.start
    }

    /// The names of the medication flags that are set, in a fixed order.
    public var medications: [String] {
        Medication.allCases.filter { self[keyPath: $0.keyPath] }.map(\.rawValue)
    }

    /// Every field, declared once, in the order the JSON, the text output and the schedule form
    /// show them: the store's schema, the JSON and text shapes, the form, the
    /// `strata://follows/new` parameters and the `follows add` options and help are read from
    /// this table; ``checkBloodPressures(max:min:)`` is the one rule across two fields (see
    /// Docs/Walkthroughs.md, "Add a field to CaseReport": a follow-up's field is added the same way).
    public static let declaredFields: [DeclaredField<FollowUp>] = [
        .field(
            "caseReportID", \.caseReportID, name: "report", jsonName: "reportId", label: FieldLabel("report", ja: "症例報告"),
            prompt: FieldLabel("Case report", ja: "症例報告"), help: "The id of the case report the follow-up belongs to.",
            valueName: "id", term: "症例報告 ID", requiredToAdd: true,
            input: .identifier(
                FieldLabel(
                    "a case report id, as printed by 'reports add' or 'reports list'",
                    ja: "症例報告の ID（'reports add' や 'reports list' が表示するもの）"))),
        .day(
            "date", \.date, label: FieldLabel("date", ja: "日付"), prompt: FieldLabel("Date (YYYY-MM-DD)", ja: "日付（YYYY-MM-DD）"),
            help: "The day of the follow-up.", requiredToAdd: true),
        .field(
            "maxBloodPressure", \.maxBloodPressure, name: "maxBp", jsonName: "maxBloodPressure",
            label: FieldLabel("systolic", ja: "収縮期血圧"),
            prompt: FieldLabel("Systolic blood pressure (mmHg, empty if not measured)", ja: "収縮期血圧（mmHg、未測定なら空欄）"),
            help: "Systolic blood pressure measured, in mmHg (0 to 300).", valueName: "mmHg",
            input: .number(InputRules.bloodPressures), rule: { try checkedBloodPressures(max: $0, min: nil).max }),
        .field(
            "minBloodPressure", \.minBloodPressure, name: "minBp", jsonName: "minBloodPressure",
            label: FieldLabel("diastolic", ja: "拡張期血圧"),
            prompt: FieldLabel("Diastolic blood pressure (mmHg, empty if not measured)", ja: "拡張期血圧（mmHg、未測定なら空欄）"),
            help: "Diastolic blood pressure measured, in mmHg (0 to 300, not above --max-bp).", valueName: "mmHg",
            input: .number(InputRules.bloodPressures), rule: { try checkedBloodPressures(max: nil, min: $0).min }),
        .choiceList(
            "medication", flags: Medication.allCases.map { (DeclaredChoice($0.rawValue, label: $0.label), $0.keyPath) },
            jsonName: "medications", label: FieldLabel("medications", ja: "投薬"), prompt: FieldLabel("Medications", ja: "投薬"),
            help: "A medication taken.", valueName: "name"),
        .field(
            "memo", \.memo, label: FieldLabel("memo", ja: "メモ"), prompt: FieldLabel("Memo", ja: "メモ"),
            help: "Free text about the visit.", multiLine: true, rule: checkedMemo),
        .field("isDone", \.isDone, name: "done", label: FieldLabel("done", ja: "完了")),
        .field("createdAt", \.createdAt, label: FieldLabel("created", ja: "作成")),
    ]

    /// The stored fields; compound indexes `(caseReportID, date)`, `(caseReportID, isDone,
    /// date)`, `(isDone, date)` and `(date)` serve listing and due queries a page at a time.
    /// Synced like their report: each depends on its report (`caseReportID` → `CaseReport`)
    /// and shares its visibility, so a follow-up is stored with its report's scope and owner
    /// group and goes to the server (and is pulled, on the report's auto refresh) with the
    /// report's behaviour; whoever sees the report sees its follow-ups. When a pull deletes the
    /// report, its follow-ups go in the same transaction; a follow-up whose report is not
    /// stored here is never listed or counted as due or overdue. (The seed's sample keeps
    /// `Follow` local only; the team shares follow-ups as it shares reports.)
    ///
    /// Conflicts: fail-if-changed. A change to a field another user changed since this
    /// device's copy is refused rather than silently replacing it (a measured blood pressure
    /// or a date must never overwrite a colleague's unseen); ``conflictResolver`` settles the
    /// one case without asking (both sides touched only `isDone`: done wins), any other waits
    /// for the user. `createdAt` is quiet (bookkeeping, never reported).
    public static let schema = ValueObjectSchema<FollowUp>(
        "FollowUp",
        fields: declaredFields.flatMap(\.stored),
        // A report's follow-ups by date, and its first one not done (the notification
        // enricher); follow-ups not done, due in a window or overdue, by date; all by date.
        compoundIndexes: [
            CompoundIndex("caseReportID", "date"), CompoundIndex("caseReportID", "isDone", "date"),
            CompoundIndex("isDone", "date"), CompoundIndex("date"),
        ],
        behaviour: ValueObjectBehaviour(
            following: CaseReport.schema.behaviour, conflictPolicy: .failIfChanged, quietFields: quietFields),
        dependsOn: [ValueObjectDependency("caseReportID", on: "CaseReport", sharesVisibility: true)],
        resolver: conflictResolver
    )
}
