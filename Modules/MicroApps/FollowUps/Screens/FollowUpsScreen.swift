import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain
import StrataPresentation
import Synchronization

/// The FollowUps micro-app's root screen: follow-ups due today and overdue, numbered so a person
/// can type `done 2`; schedule a new one, or list them all.
final class FollowUpsScreen: ListScreen {
    enum Mode: Sendable { case due, all }

    private struct State {
        var mode = Mode.due
        var shown: [FollowUp] = []
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

    /// The typed words this screen reads, for the `?` screen.
    static var keys: [ScreenKey] {
        [
            ScreenKey("schedule", localized("schedule a follow-up", ja: "フォローアップを予定")),
            ScreenKey("show N", localized("open follow-up N", ja: "N 番のフォローアップを開く")),
            ScreenKey("done N", localized("mark follow-up N done", ja: "N 番のフォローアップを完了にする")),
            ScreenKey("due", localized("list those due today and overdue", ja: "本日期限と期限切れを一覧")),
            ScreenKey("all", localized("list every follow-up", ja: "すべてのフォローアップを一覧")),
        ]
    }

    func layout() async -> ScreenLayout {
        let (mode, flash) = state.withLock { state in
            // The notice stays until the next typed line: a redraw nobody typed for (a
            // notification arriving, a resize) shows it again.
            return (state.mode, state.flash)
        }
        var parts: [ListPart] = []
        if let flash { parts.append(.line(flash)) }
        let calendar = services.clock.calendar
        let today = services.clock.day(containing: services.clock.now())
        do {
            var shown: [FollowUp] = []
            if mode == .all {
                let all = try await services.domain.followUps.list(reportID: nil)
                let facts = try? await services.domain.followUps.facts(of: all)
                parts.append(.line(localized("All follow-ups, by date", ja: "すべてのフォローアップ（日付順）")))
                parts += table(
                    all.map { ($0, nil) }, numberFrom: 1, calendar: calendar, today: today, facts: facts,
                    empty: localized("No follow-ups yet.", ja: "フォローアップはまだありません。"))
                shown = all
            } else {
                let dueToday = try await services.domain.followUps.dueToday()
                let overdue = try await services.domain.followUps.overdue()
                let facts = try? await services.domain.followUps.facts(of: (dueToday + overdue).map(\.followUp))
                let day = DayText.day(services.clock.now(), calendar: calendar)
                parts.append(.line(localized("Due today (\(day))", ja: "本日期限（\(day)）")))
                parts += table(
                    dueToday.map { ($0.followUp, $0.report) }, numberFrom: 1, calendar: calendar, today: today, facts: facts,
                    empty: localized("Nothing due today.", ja: "本日期限のものはありません。"))
                parts.append(.line(""))
                parts.append(.line(localized("Overdue", ja: "期限切れ")))
                parts += table(
                    overdue.map { ($0.followUp, $0.report) }, numberFrom: dueToday.count + 1, calendar: calendar, today: today,
                    facts: facts, empty: localized("Nothing overdue.", ja: "期限切れのものはありません。"))
                shown = (dueToday + overdue).map(\.followUp)
            }
            state.withLock { $0.shown = shown }
        } catch {
            parts.append(
                .line(
                    localized(
                        "Cannot list follow-ups: \(ErrorText.readable(error))", ja: "フォローアップを一覧できません: \(ErrorText.readable(error))")))
        }
        parts.append(.line(""))
        parts.append(.line(ScreenCommand.typeLine("schedule · show N · done N · due · all · \(ScreenCommand.commonHelp)")))
        var layout = ListPart.layout(parts)
        layout.keys = Self.keys
        return layout
    }

    /// A table's lines: its header row as a line, each follow-up as a row that `show N` opens;
    /// `empty` alone when there is none.
    private func table(
        _ rows: [(FollowUp, CaseReport?)], numberFrom first: Int, calendar: Calendar, today: DateInterval,
        facts: [String: RecordFacts]?, empty: String
    ) -> [ListPart] {
        guard !rows.isEmpty else { return [.line(empty)] }
        var table = TextTable(
            headers: [
                // Who and where it stands first: a narrow window cuts the columns at the end.
                "#", localized("DATE", ja: "日付"), localized("PATIENT", ja: "患者"), localized("DONE", ja: "完了"),
                localized("SYNC", ja: "同期"), localized("AUTHOR", ja: "作成者"), localized("BP", ja: "血圧"),
                localized("MEDICATIONS", ja: "投薬"), "ID",
            ],
            alignments: [.right])
        table.rows = rows.enumerated().map { index, row in
            let known = row.0.objectId.flatMap { facts?[$0] }
            return [
                String(first + index), DayText.day(row.0.date, calendar: calendar), row.1?.patientName ?? row.0.caseReportID,
                FollowUpText.yesNo(row.0.isDone), RecordFactsText.sync(known, known: facts != nil),
                RecordFactsText.author(known, known: facts != nil), FollowUpText.bloodPressure(row.0),
                row.0.medications.joined(separator: ","), row.0.objectId ?? "",
            ]
        }
        let lines = table.renderedLines()
        var parts: [ListPart] = [.line(lines.first ?? "")]
        for (index, row) in rows.enumerated() {
            let number = first + index
            let known = row.0.objectId.flatMap { facts?[$0] }
            // ScreenTone names pending, rejected and conflict as RecordSyncState does; synced has no tone.
            let syncTone = known.flatMap { ScreenTone(rawValue: $0.sync.rawValue) }
            // A sync problem says more than the date; the date more than a change waiting.
            let tone: ScreenTone? =
                if syncTone == .conflict || syncTone == .rejected {
                    syncTone
                } else if row.0.isOverdue(today: today) {
                    .overdue
                } else {
                    syncTone
                }
            parts.append(
                .row(
                    ScreenItem(
                        id: row.0.objectId ?? "row \(number)", text: index + 1 < lines.count ? lines[index + 1] : "",
                        command: "show \(number)", tone: tone)))
        }
        return parts
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
            return await complete(id)
        case "show", "open":
            guard let followUp = shownFollowUp(command.argument) else {
                return .message(
                    localized(
                        "Type show and a row number (1, 2, …) or the id of a follow-up listed.",
                        ja: "show に続けて行番号（1, 2, …）か一覧にあるフォローアップの ID を入力してください。"))
            }
            await context.push(FollowUpDetailScreen(followUp: followUp, list: self), for: application)
            return .stay
        default:
            if Int(command.word) != nil, let followUp = shownFollowUp(command.word) {
                await context.push(FollowUpDetailScreen(followUp: followUp, list: self), for: application)
                return .stay
            }
            return ScreenCommand.unknown(input)
        }
    }

    /// A row number of the list shown, or an id as typed.
    private func resolve(_ text: String) -> String? {
        guard !text.isEmpty else { return nil }
        guard let number = Int(text) else { return text }
        return state.withLock { number >= 1 && number <= $0.shown.count ? $0.shown[number - 1].objectId : nil }
    }

    /// The follow-up of a row number of the list shown, or of an id the list shows.
    private func shownFollowUp(_ text: String) -> FollowUp? {
        guard let id = resolve(text) else { return nil }
        return state.withLock { $0.shown.first { $0.objectId == id } }
    }

    /// Marks follow-up `id` done and says so.
    func complete(_ id: String) async -> ScreenResponse {
        do {
            _ = try await services.domain.followUps.complete(id: id)
            await services.usage.record(.followUpDone(id))
            return .message(localized("Marked follow-up \(id) done.", ja: "フォローアップ \(id) を完了にしました。"))
        } catch {
            return .message(ErrorText.readable(error))
        }
    }
}
