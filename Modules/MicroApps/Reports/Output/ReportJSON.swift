import Foundation
import StrataCrossCutting
import StrataDomain

/// The stable JSON shape of a case report printed for `format=json` (`--json`).
///
/// Keys: `id`, `patientName`, `age`, `gender` (a name), `follow`, `memo`, `createdAt` and
/// `updatedAt` (ISO 8601 instants in UTC). Every key is always present.
struct ReportJSON: Encodable, Equatable {
    var id: String
    var patientName: String
    var age: Int
    var gender: String
    var follow: Bool
    var memo: String
    var createdAt: String
    var updatedAt: String

    /// The JSON shape of `report`.
    init(_ report: CaseReport) {
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
