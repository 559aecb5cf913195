public import Foundation
public import StrataData

/// A follow-up visit scheduled for a case report (the sample's `Follow`).
public struct FollowUp: ValueObject, Hashable, Codable {
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
    /// Medication flags, as in the sample.
    public var alphaBlocker = false
    public var arb = false
    public var betaBlocker = false
    public var ca = false
    public var diuretic = false
    public var ace = false
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

    /// The stored fields; `caseReportID` and `date` are indexed for listing and due queries.
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
        indexed: ["caseReportID", "date"]
    )
}

/// The medication flags of a follow-up, by their command-line and JSON names.
public enum Medication: String, Sendable, CaseIterable {
    case alphaBlocker, arb, betaBlocker, ca, diuretic, ace, neurodepressant

    /// The follow-up property this flag is stored in.
    public var keyPath: any WritableKeyPath<FollowUp, Bool> & Sendable {
        switch self {
        case .alphaBlocker: \.alphaBlocker
        case .arb: \.arb
        case .betaBlocker: \.betaBlocker
        case .ca: \.ca
        case .diuretic: \.diuretic
        case .ace: \.ace
        case .neurodepressant: \.neurodepressant
        }
    }
}
