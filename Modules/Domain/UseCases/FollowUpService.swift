#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Use cases on follow-ups.
public protocol FollowUpService: Sendable {
    /// Validates and saves a new follow-up for an existing report; returns it with its id.
    ///
    /// - Throws: ``DomainError`` `notFound` when the report does not exist, `invalidInput`
    ///   naming the field (blood pressure outside 0…300, min above max).
    func schedule(_ draft: FollowUpDraft) async throws -> FollowUp

    /// Follow-ups, by date; only those of `reportID` when given.
    func list(reportID: String?) async throws -> [FollowUp]

    /// Follow-ups not yet done whose date falls in `interval` (start inclusive, end
    /// exclusive), by date, each with its report.
    func due(in interval: DateInterval) async throws -> [DueFollowUp]

    /// Follow-ups not yet done due today (by the domain's clock), by date.
    func dueToday() async throws -> [DueFollowUp]

    /// Follow-ups not yet done whose date is before today, by date.
    func overdue() async throws -> [DueFollowUp]

    /// Marks follow-up `id` done; returns it.
    ///
    /// - Throws: ``DomainError`` `notFound` naming the id.
    func complete(id: String) async throws -> FollowUp

    /// The author and sync state of each of `followUps` (by id; one not stored, or without an
    /// id, has none), read in one query for the whole list.
    ///
    /// - Throws: ``DomainError`` `storage` carrying the data layer's message.
    func facts(of followUps: [FollowUp]) async throws -> [String: RecordFacts]
}

/// The fields of a new follow-up: a follow-up whose given fields are set (the others keep
/// their defaults); ``FollowUpService/schedule(_:)`` copies each input field of
/// ``FollowUp/declaredFields`` from it and applies the rules.
@dynamicMemberLookup
public struct FollowUpDraft: Sendable, Hashable {
    /// The values given.
    public var values: FollowUp

    /// A draft of `values`.
    public init(values: FollowUp) {
        self.values = values
    }

    /// A draft with the given fields.
    public init(
        caseReportID: String, date: Date, maxBloodPressure: Double? = nil, minBloodPressure: Double? = nil,
        medications: Set<Medication> = [], memo: String = ""
    ) {
        values = FollowUp()
        values.caseReportID = caseReportID
        values.date = date
        values.maxBloodPressure = maxBloodPressure
        values.minBloodPressure = minBloodPressure
        self.medications = medications
        values.memo = memo
    }

    /// Any field of ``values``, read and written through the draft (`draft.memo = "…"`): the
    /// draft has no field list of its own to keep in step with ``FollowUp/declaredFields``.
    public subscript<Value>(dynamicMember field: WritableKeyPath<FollowUp, Value>) -> Value {
        get { values[keyPath: field] }
        set { values[keyPath: field] = newValue }
    }

    /// The medications taken: each sets its flag on the follow-up.
    public var medications: Set<Medication> {
        get { Set(Medication.allCases.filter { values[keyPath: $0.keyPath] }) }
        set {
            for medication in Medication.allCases { values[keyPath: medication.keyPath] = newValue.contains(medication) }
        }
    }
}

/// A follow-up that is due, with the report it belongs to (`nil` if the report is gone).
public struct DueFollowUp: Sendable, Hashable {
    /// The follow-up that is due.
    public var followUp: FollowUp
    /// The case report it belongs to, or `nil` when that report no longer exists.
    public var report: CaseReport?

    /// Pairs a follow-up with its report.
    public init(followUp: FollowUp, report: CaseReport?) {
        self.followUp = followUp
        self.report = report
    }
}
