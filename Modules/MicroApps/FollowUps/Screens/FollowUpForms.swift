import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The FollowUps micro-app's form: schedule a follow-up.
enum FollowUpForms {
    static func schedule(report: String?, screen: FollowUpsScreen) -> FormScreen {
        let calendar = screen.services.clock.calendar
        let today = DayText.day(screen.services.clock.now(), calendar: calendar)
        return FormScreen(
            title: localized("Schedule a follow-up", ja: "フォローアップの予定"),
            fields: [
                .init(name: "report", prompt: localized("Case report id", ja: "症例報告 ID"), defaultValue: report, required: true),
                .init(name: "date", prompt: localized("Date (YYYY-MM-DD)", ja: "日付（YYYY-MM-DD）"), defaultValue: today, required: true),
                .init(name: "maxBp", prompt: localized("Systolic blood pressure (mmHg, empty if not measured)", ja: "収縮期血圧（mmHg、未測定なら空欄）"), defaultValue: ""),
                .init(name: "minBp", prompt: localized("Diastolic blood pressure (mmHg, empty if not measured)", ja: "拡張期血圧（mmHg、未測定なら空欄）"), defaultValue: ""),
                .init(name: "medication", prompt: localized("Medications, comma separated (e.g. ace,diuretic)", ja: "投薬（カンマ区切り、例: ace,diuretic）"), defaultValue: ""),
                .init(name: "memo", prompt: localized("Memo", ja: "メモ"), defaultValue: ""),
            ]
        ) { values, _ in
            do {
                let reader = FollowUpParameters(params: values, calendar: calendar)
                guard let draft = try reader.draft() else { return .retry(localized("Nothing to save.", ja: "保存する内容がありません。")) }
                let followUp = try await screen.services.domain.followUps.schedule(draft)
                let id = followUp.objectId ?? ""
                let day = values["date"] ?? ""
                screen.flash(localized("Scheduled follow-up \(id) on \(day).", ja: "フォローアップ \(id) を \(day) に予定しました。"))
                return .done(.back)
            } catch {
                return .retry("\(error)")
            }
        }
    }
}
