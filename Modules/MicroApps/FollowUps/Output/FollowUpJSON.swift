import Foundation
import StrataCrossCutting
import StrataDomain

/// The stable JSON shape of a follow-up printed for `format=json` (`--json`).
///
/// Keys: `id`, `reportId`, `date` (`YYYY-MM-DD`), `maxBloodPressure` and `minBloodPressure`
/// (numbers or `null`), `medications` (names), `memo`, `done`, `createdAt` (ISO 8601 instant);
/// listings of due follow-ups add `report` (the report object, or `null` when it is gone).
struct FollowUpJSON: Encodable, Equatable {
    var id: String
    var reportId: String
    var date: String
    var maxBloodPressure: Double?
    var minBloodPressure: Double?
    var medications: [String]
    var memo: String
    var done: Bool
    var createdAt: String
    /// Present only in due listings (then `null` when the report is gone).
    var report: ReportJSON??

    /// The JSON shape of `followUp`, with its date as a day in `calendar`.
    init(_ followUp: FollowUp, calendar: Calendar) {
        id = followUp.objectId ?? ""
        reportId = followUp.caseReportID
        date = DayText.day(followUp.date, calendar: calendar)
        maxBloodPressure = followUp.maxBloodPressure
        minBloodPressure = followUp.minBloodPressure
        medications = followUp.medications
        memo = followUp.memo
        done = followUp.isDone
        createdAt = DayText.instant(followUp.createdAt)
        report = nil
    }

    /// The JSON shape of a due follow-up: the follow-up plus its `report`.
    init(_ due: DueFollowUp, calendar: Calendar) {
        self.init(due.followUp, calendar: calendar)
        report = .some(due.report.map(ReportJSON.init))
    }

    private enum CodingKeys: String, CodingKey {
        case id, reportId, date, maxBloodPressure, minBloodPressure, medications, memo, done, createdAt, report
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(reportId, forKey: .reportId)
        try container.encode(date, forKey: .date)
        // Optional values are written as `null`, never left out: the keys stay stable.
        try container.encode(maxBloodPressure, forKey: .maxBloodPressure)
        try container.encode(minBloodPressure, forKey: .minBloodPressure)
        try container.encode(medications, forKey: .medications)
        try container.encode(memo, forKey: .memo)
        try container.encode(done, forKey: .done)
        try container.encode(createdAt, forKey: .createdAt)
        if let report {
            try container.encode(report, forKey: .report)
        }
    }
}

/// The JSON shape of the report a due follow-up carries: the same keys as the Reports
/// micro-app prints (`id`, `patientName`, `age`, `gender`, `follow`, `memo`, `createdAt`,
/// `updatedAt`). Kept here because micro-apps never import each other.
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
