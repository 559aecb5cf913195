import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain
import Synchronization

/// The FollowUps micro-app's root screen: follow-ups due today and overdue, numbered so a person
/// can type `done 2`; schedule a new one, or list them all.
final class FollowUpsScreen: TextScreen {
    enum Mode: Sendable { case due, all }

    private struct State {
        var mode = Mode.due
        var shown: [String] = []
        var flash: String?
    }

    let services: FollowUpsServices
    let application: MicroApplication
    private let state = Mutex(State())

    init(services: FollowUpsServices, application: MicroApplication) {
        self.services = services
        self.application = application
    }

    /// Shows `message` above the lists the next time it is drawn.
    func flash(_ message: String) { state.withLock { $0.flash = message } }

    /// Shows the due lists, or every follow-up.
    func show(_ mode: Mode) { state.withLock { $0.mode = mode } }

    func render() async -> [String] {
        let (mode, flash) = state.withLock { state in
            // The notice stays until the next typed line: a redraw nobody typed for (a
            // notification arriving, a resize) shows it again.
            return (state.mode, state.flash)
        }
        var lines: [String] = []
        if let flash { lines.append(flash) }
        let calendar = services.clock.calendar
        do {
            var shown: [String] = []
            if mode == .all {
                let all = try await services.domain.followUps.list(reportID: nil)
                lines.append(localized("All follow-ups, by date", ja: "すべてのフォローアップ（日付順）"))
                lines.append(table(all.map { ($0, nil) }, numberFrom: 1, calendar: calendar) ?? localized("No follow-ups yet.", ja: "フォローアップはまだありません。"))
                shown = all.compactMap(\.objectId)
            } else {
                let today = try await services.domain.followUps.dueToday()
                let overdue = try await services.domain.followUps.overdue()
                let day = DayText.day(services.clock.now(), calendar: calendar)
                lines.append(localized("Due today (\(day))", ja: "本日期限（\(day)）"))
                lines.append(table(today.map { ($0.followUp, $0.report) }, numberFrom: 1, calendar: calendar)
                    ?? localized("Nothing due today.", ja: "本日期限のものはありません。"))
                lines.append("")
                lines.append(localized("Overdue", ja: "期限切れ"))
                lines.append(table(overdue.map { ($0.followUp, $0.report) }, numberFrom: today.count + 1, calendar: calendar)
                    ?? localized("Nothing overdue.", ja: "期限切れのものはありません。"))
                shown = (today + overdue).compactMap(\.followUp.objectId)
            }
            state.withLock { $0.shown = shown }
        } catch {
            lines.append(localized("Cannot list follow-ups: \(ErrorText.readable(error))", ja: "フォローアップを一覧できません: \(ErrorText.readable(error))"))
        }
        lines.append("")
        lines.append(ScreenCommand.typeLine("schedule · done N · due · all · \(ScreenCommand.commonHelp)"))
        return lines
    }

    private func table(_ rows: [(FollowUp, CaseReport?)], numberFrom first: Int, calendar: Calendar) -> String? {
        guard !rows.isEmpty else { return nil }
        var table = TextTable(
            headers: [
                "#", localized("DATE", ja: "日付"), localized("PATIENT", ja: "患者"), localized("BP", ja: "血圧"),
                localized("MEDICATIONS", ja: "投薬"), localized("DONE", ja: "完了"), "ID",
            ],
            alignments: [.right])
        table.rows = rows.enumerated().map { index, row in
            [
                String(first + index), DayText.day(row.0.date, calendar: calendar), row.1?.patientName ?? row.0.caseReportID,
                FollowUpText.bloodPressure(row.0), row.0.medications.joined(separator: ","), FollowUpText.yesNo(row.0.isDone),
                row.0.objectId ?? "",
            ]
        }
        return table.render()
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        state.withLock { $0.flash = nil }
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        switch command.word {
        case "", "refresh": return .stay
        case "due":
            show(.due)
            return .stay
        case "all", "list":
            show(.all)
            return .stay
        case "schedule", "add", "new":
            let form = FollowUpForms.schedule(report: command.argument.isEmpty ? nil : command.argument, screen: self)
            await context.push(form, for: application)
            return .stay
        case "done":
            guard let id = resolve(command.argument) else { return .message(localized("Type done and a row number or an id.", ja: "done に続けて行番号か ID を入力してください。")) }
            do {
                _ = try await services.domain.followUps.complete(id: id)
                await services.usage.record(.followUpDone(id))
                return .message(localized("Marked follow-up \(id) done.", ja: "フォローアップ \(id) を完了にしました。"))
            } catch {
                return .message(ErrorText.readable(error))
            }
        default:
            return ScreenCommand.unknown(input)
        }
    }

    private func resolve(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard let number = Int(text) else { return text }
        return state.withLock { number >= 1 && number <= $0.shown.count ? $0.shown[number - 1] : nil }
    }
}
