import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain
import StrataPresentation

/// What the Reports micro-app does for a route in a scripted run: the domain call and the
/// output, as text or JSON (the shapes `strata-host reports …` prints).
struct ReportsActions {
    let domain: any DomainServices
    let calendar: Calendar
    /// Where usage events go.
    var usage: any UsageMonitor = SilentUsageMonitor()

    /// Performs `route` and returns what to print, one entry per write.
    ///
    /// - Throws: the domain's error, or ``DomainError`` `invalidInput` for a route that needs a
    ///   person (a form) in a run without a terminal.
    func perform(_ route: ReportsRoute, json: Bool) async throws -> [String] {
        switch route {
        case .list(let search, let page):
            let reports: [CaseReport]
            if let search, !search.isEmpty {
                reports = try await domain.reports.search(search, page)
            } else {
                reports = try await domain.reports.list(page)
            }
            if json { return [try JSONText.encode(reports.map(CaseReportJSON.init))] }
            var output = [ReportText.table(reports, calendar: calendar)]
            if reports.count == page.size {
                output.append(
                    localized(
                        "(page \(page.index); more may follow: --page \(page.index + 1))",
                        ja: "（\(page.index) ページ目。続きがある場合: --page \(page.index + 1)）"))
            }
            return output
        case .add(let draft):
            guard let draft else {
                let required = CaseReport.inputFields.filter(\.requiredToAdd).map(\.name).joined(separator: " and ")
                throw DomainError(.invalidInput, "strata://reports/new needs \(required) without a terminal")
            }
            let report = try await domain.reports.add(draft)
            await usage.record(.reportCreated(report.objectId))
            return [json ? try JSONText.encode(CaseReportJSON(report)) : report.objectId ?? ""]
        case .show(let id):
            return [try describe(try await domain.reports.get(id: id), json: json)]
        case .edit(let id, let change):
            guard !change.isEmpty else {
                throw DomainError(
                    .invalidInput,
                    "nothing to update: give at least one of " + CaseReport.inputFields.map(\.name).joined(separator: ", "))
            }
            let report = try await domain.reports.update(id: id, change)
            await usage.record(.reportUpdated(report.objectId))
            return [try describe(report, json: json)]
        case .delete(let id):
            try await domain.reports.delete(id: id)
            return [localized("Deleted case report \(id) and its follow-ups.", ja: "症例報告 \(id) とそのフォローアップを削除しました。")]
        }
    }

    private func describe(_ report: CaseReport, json: Bool) throws -> String {
        json ? try JSONText.encode(CaseReportJSON(report)) : ReportText.detail(report, calendar: calendar)
    }
}
