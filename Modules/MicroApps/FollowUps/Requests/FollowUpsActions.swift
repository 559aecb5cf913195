import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain
import StrataPresentation

/// What the FollowUps micro-app does for a route in a scripted run: the domain call and the
/// output, as text or JSON (the shapes `strata-host follows …` prints).
struct FollowUpsActions {
    let domain: any DomainServices
    let calendar: Calendar
    /// Where usage events go.
    var usage: any UsageMonitor = SilentUsageMonitor()

    /// Performs `route` and returns what to print.
    ///
    /// - Throws: the domain's error, or ``DomainError`` `invalidInput` for the form route.
    func perform(_ route: FollowUpsRoute, json: Bool) async throws -> [String] {
        switch route {
        case .list(let report):
            let followUps = try await domain.followUps.list(reportID: report)
            if json { return [try JSONText.encode(followUps.map { FollowUpJSON($0, calendar: calendar) })] }
            let empty =
                report.map { localized("No follow-ups for report \($0).", ja: "症例報告 \($0) のフォローアップはありません。") }
                ?? localized("No follow-ups.", ja: "フォローアップはありません。")
            return [FollowUpText.table(followUps, calendar: calendar, emptyText: empty)]
        case .schedule(let draft):
            guard let draft else {
                throw DomainError(.invalidInput, "strata://follows/new needs report and date without a terminal")
            }
            let followUp = try await domain.followUps.schedule(draft)
            return [json ? try JSONText.encode(FollowUpJSON(followUp, calendar: calendar)) : followUp.objectId ?? ""]
        case .due(let period):
            let due = try await domain.followUps.due(in: period)
            if json { return [try JSONText.encode(due.map { FollowUpJSON($0, calendar: calendar) })] }
            let first = DayText.day(period.start, calendar: calendar)
            let last = DayText.day(calendar.date(byAdding: .day, value: -1, to: period.end) ?? period.start, calendar: calendar)
            let empty =
                first == last
                ? localized("No follow-ups due \(first).", ja: "\(first) が期限のフォローアップはありません。")
                : localized("No follow-ups due \(first) to \(last).", ja: "\(first)〜\(last) が期限のフォローアップはありません。")
            return [FollowUpText.dueTable(due, calendar: calendar, emptyText: empty)]
        case .overdue:
            let overdue = try await domain.followUps.overdue()
            if json { return [try JSONText.encode(overdue.map { FollowUpJSON($0, calendar: calendar) })] }
            return [FollowUpText.dueTable(overdue, calendar: calendar, emptyText: localized("No follow-ups overdue.", ja: "期限切れのフォローアップはありません。"))]
        case .done(let id):
            let followUp = try await domain.followUps.complete(id: id)
            await usage.record(.followUpDone(followUp.objectId ?? id))
            let done = followUp.objectId ?? id
            return [localized("Marked follow-up \(done) done.", ja: "フォローアップ \(done) を完了にしました。")]
        }
    }
}
