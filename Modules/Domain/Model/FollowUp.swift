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
    /// Local only, as in the seed: follow-ups never go to the server. Each depends on its
    /// report (`caseReportID` → `CaseReport`): when a pull deletes the report, its follow-ups
    /// go in the same transaction, so no orphan is ever counted as due or overdue.
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
        behaviour: ValueObjectBehaviour(persistentType: .localOnly),
        dependsOn: [ValueObjectDependency("caseReportID", on: "CaseReport")]
    )
}
