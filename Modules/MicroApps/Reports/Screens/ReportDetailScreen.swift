import StrataContainer
import StrataCrossCutting
import StrataDomain

/// One case report as labelled lines, with edit and delete.
struct ReportDetailScreen: TextScreen {
    let reportID: String
    let services: ReportsServices
    let list: ReportListScreen

    func render() async -> [String] {
        var lines = ["Case report \(reportID)"]
        do {
            let report = try await services.domain.reports.get(id: reportID)
            lines.append(ReportText.detail(report, calendar: services.clock.calendar))
            let followUps = try await services.domain.followUps.list(reportID: reportID)
            lines.append("follow-ups \(followUps.count) (\(followUps.filter { !$0.isDone }.count) not done)")
        } catch {
            lines.append("\(error)")
        }
        lines.append("")
        lines.append("Type: edit · delete · \(ScreenCommand.commonHelp)")
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
