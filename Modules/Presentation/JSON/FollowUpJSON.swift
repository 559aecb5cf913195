#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
import StrataCrossCutting
public import StrataDomain

/// The stable JSON shape of a follow-up: what the FollowUps micro-app prints for `format=json`
/// (`--json`).
///
/// Keys: `id`, `reportId`, `date` (`YYYY-MM-DD`), `maxBloodPressure` and `minBloodPressure`
/// (numbers or `null`), `medications` (names), `memo`, `done`, `createdAt` (ISO 8601 instant);
/// listings of due follow-ups add `report` (a ``CaseReportJSON``, or `null` when it is gone).
public struct FollowUpJSON: Encodable, Equatable, Sendable {
    /// The follow-up's object id (empty for one never saved).
    public var id: String
    /// The id of the case report it belongs to.
    public var reportId: String
    /// Its day, `YYYY-MM-DD`.
    public var date: String
    /// The systolic pressure in mmHg, or `nil` (written `null`).
    @NullIfAbsent public var maxBloodPressure: Double?
    /// The diastolic pressure in mmHg, or `nil` (written `null`).
    @NullIfAbsent public var minBloodPressure: Double?
    /// The medications' names.
    public var medications: [String]
    /// Free text, line breaks kept.
    public var memo: String
    /// Whether it is done.
    public var done: Bool
    /// When it was created (ISO 8601 in UTC).
    public var createdAt: String
    /// Present only in due listings (then `null` when the report is gone): the synthesized
    /// encoding leaves out `.none` and writes `.some(nil)` as `null`.
    public var report: CaseReportJSON??

    /// The JSON shape of `followUp`, with its date as a day in `calendar`.
    public init(_ followUp: FollowUp, calendar: Calendar) {
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
    public init(_ due: DueFollowUp, calendar: Calendar) {
        self.init(due.followUp, calendar: calendar)
        report = .some(due.report.map(CaseReportJSON.init))
    }
}
