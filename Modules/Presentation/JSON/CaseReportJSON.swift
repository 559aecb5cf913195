#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
public import StrataDomain

/// The stable JSON shape of a case report: what the Reports micro-app prints for `format=json`
/// (`--json`), and the `report` a due follow-up carries in the FollowUps micro-app's JSON.
///
/// Keys: `id`, `patientName`, `age`, `gender` (a name), `follow`, `memo`, `createdAt` and
/// `updatedAt` (ISO 8601 instants in UTC). Every key is always present.
public struct CaseReportJSON: Encodable, Equatable, Sendable {
    /// The report's object id (empty for a report never saved).
    public var id: String
    /// The patient's name.
    public var patientName: String
    /// The patient's age in years.
    public var age: Int
    /// The gender's name (`unspecified`, `male`, `female`, `other`).
    public var gender: String
    /// Whether the patient is followed up.
    public var follow: Bool
    /// Free text, line breaks kept.
    public var memo: String
    /// When the report was created (ISO 8601 in UTC).
    public var createdAt: String
    /// When the report was last changed (ISO 8601 in UTC).
    public var updatedAt: String

    /// The JSON shape of `report`.
    public init(_ report: CaseReport) {
        id = report.objectId ?? ""
        patientName = report.patientName
        age = report.age
        gender = report.gender.name
        follow = report.isFollow
        memo = report.memo
        createdAt = DayText.instant(report.createdAt)
        updatedAt = DayText.instant(report.updatedAt)
    }
}
