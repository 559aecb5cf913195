import StrataContainer
import StrataCrossCutting
import StrataDomain

/// One case report as labelled lines, with edit and delete.
struct ReportDetailScreen: TextScreen {
    let reportID: String
    let services: ReportsServices
    let list: ReportListScreen

    func render() async -> [String] {
        var lines = [localized("Case report \(reportID)", ja: "症例報告 \(reportID)")]
        do {
            let report = try await services.domain.reports.get(id: reportID)
            lines.append(ReportText.detail(report, calendar: services.clock.calendar))
            let followUps = try await services.domain.followUps.list(reportID: reportID)
            let open = followUps.filter { !$0.isDone }.count
            lines.append(
                localized("follow-ups \(followUps.count) (\(open) not done)", ja: "フォローアップ \(followUps.count) 件（未完了 \(open) 件）"))
        } catch {
            lines.append("\(error)")
        }
        lines.append("")
        lines.append(ScreenCommand.typeLine("edit · delete · \(ScreenCommand.commonHelp)"))
        return lines
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        switch command.word {
        case "": return .stay
        case "edit", "delete":
            guard let current = await context.currentApplication else { return .stay }
            do {
                let report = try await services.domain.reports.get(id: reportID)
                let screen: any TextScreen = command.word == "edit"
                    ? ReportForms.edit(report, services: services, list: list)
                    : ReportForms.delete(report, services: services, list: list)
                await context.push(screen, for: current)
                return .stay
            } catch {
                return .message("\(error)")
            }
        default:
            return ScreenCommand.unknown(input)
        }
    }
}
