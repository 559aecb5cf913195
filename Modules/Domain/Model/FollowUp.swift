#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
public import StrataData

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

    /// The names of the medication flags that are set, in a fixed order.
    public var medications: [String] {
        Medication.allCases.filter { self[keyPath: $0.keyPath] }.map(\.rawValue)
    }

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
        fields: [
            .field("caseReportID", \.caseReportID),
            .field("date", \.date),
            .field("maxBloodPressure", \.maxBloodPressure),
            .field("minBloodPressure", \.minBloodPressure),
            .field("memo", \.memo),
            .field("alphaBlocker", \.alphaBlocker),
            .field("arb", \.arb),
            .field("betaBlocker", \.betaBlocker),
            .field("ca", \.ca),
            .field("diuretic", \.diuretic),
            .field("ace", \.ace),
            .field("neurodepressant", \.neurodepressant),
            .field("isDone", \.isDone),
            .field("createdAt", \.createdAt),
        ],
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
