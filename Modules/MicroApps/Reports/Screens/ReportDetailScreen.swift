import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// One case report as labelled lines and its follow-ups (through the domain's follow-up use
/// cases), with edit, delete and `schedule` (the FollowUps micro-app's form for this report,
/// started through the Context: micro-apps never import each other).
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
            lines.append(
                followUps.isEmpty
                    ? localized("No follow-ups yet: type schedule to add one.", ja: "フォローアップはまだありません。schedule で予定できます。")
                    : table(followUps))
        } catch {
            lines.append(ErrorText.readable(error))
        }
        lines.append("")
        lines.append(ScreenCommand.typeLine("edit · delete · schedule · \(ScreenCommand.commonHelp)"))
        return lines
    }

    /// The report's follow-ups by date: day, blood pressure, medications, done, memo, id.
    private func table(_ followUps: [FollowUp]) -> String {
        var table = TextTable(headers: [
            "#", localized("DATE", ja: "日付"), localized("BP", ja: "血圧"), localized("MEDICATIONS", ja: "投薬"),
            localized("DONE", ja: "完了"), localized("MEMO", ja: "メモ"), "ID",
        ], alignments: [.right])
        table.rows = followUps.enumerated().map { index, followUp in
            let pressures = [followUp.maxBloodPressure, followUp.minBloodPressure].map { $0.map(Self.number) ?? "-" }
            return [
                String(index + 1), DayText.day(followUp.date, calendar: services.clock.calendar),
                pressures == ["-", "-"] ? "" : pressures.joined(separator: "/"), followUp.medications.joined(separator: ","),
                ReportText.yesNo(followUp.isDone), TextTable.truncate(followUp.memo, to: 24), followUp.objectId ?? "",
            ]
        }
        return table.render()
    }

    /// `120`, `120.5`.
    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        switch command.word {
        case "": return .stay
        case "schedule", "follow", "followup":
            do {
                try await context.startApplication(
                    list.followUpsApplication, params: ["path": "new", "report": reportID], launchMode: .bringToTop)
                return .stay
            } catch {
                return .message(
                    localized(
                        "Cannot open \(list.followUpsApplication): \(ErrorText.readable(error))", ja: "\(list.followUpsApplication) を開けません: \(ErrorText.readable(error))"))
            }
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
                return .message(ErrorText.readable(error))
            }
        default:
            return ScreenCommand.unknown(input)
        }
    }
}
