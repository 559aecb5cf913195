#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
public import StrataDomain

/// The stable JSON shape of a follow-up: what the FollowUps micro-app prints for `format=json`
/// (`--json`).
///
/// Keys: `id`, then each field of ``FollowUp/declaredFields`` under its JSON name — today
/// `reportId`, `date` (`YYYY-MM-DD`), `maxBloodPressure` and `minBloodPressure` (numbers or
/// `null`), `medications` (names), `memo`, `done`, `createdAt` (ISO 8601 instant); listings of
/// due follow-ups add `report` (a ``CaseReportJSON``, or `null` when it is gone).
public struct FollowUpJSON: Encodable, Equatable, Sendable {
    /// `id` and every declared field.
    public var followUp: DeclaredObjectJSON<FollowUp>
    /// Present only in due listings (then `null` when the report is gone): `.none` leaves the
    /// key out, `.some(nil)` writes `null`.
    public var report: CaseReportJSON??

    /// The JSON shape of `followUp`, with its date as a day in `calendar`.
    public init(_ followUp: FollowUp, calendar: Calendar) {
        self.followUp = DeclaredObjectJSON(followUp, calendar: calendar)
        report = nil
    }

    /// The JSON shape of a due follow-up: the follow-up plus its `report`.
    public init(_ due: DueFollowUp, calendar: Calendar) {
        self.init(due.followUp, calendar: calendar)
        report = .some(due.report.map { CaseReportJSON($0) })
    }

    /// The value under `key` (`id` or a declared field's JSON name), or `nil` when the shape
    /// has no such key (`report` is not one: see ``report``).
    public subscript(key: String) -> DeclaredJSONValue? { followUp[key] }

    /// Writes `id`, every declared field and, in a due listing, `report`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DeclaredJSONKey.self)
        try followUp.encode(into: &container)
        if let report {
            try container.encode(report, forKey: DeclaredJSONKey("report"))
        }
    }
}
