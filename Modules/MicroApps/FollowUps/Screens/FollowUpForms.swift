import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The FollowUps micro-app's form: schedule a follow-up.
enum FollowUpForms {
    /// Asks for each input field of `FollowUp.declaredFields` (the report picked from a
    /// numbered list, `report` preset when given; the day, today by default; the pressures,
    /// the medications and a memo), and schedules the follow-up.
    static func schedule(report: String?, screen: FollowUpsScreen) -> FormScreen {
        let calendar = screen.services.clock.calendar
        let today = DayText.day(screen.services.clock.now(), calendar: calendar)
        return FormScreen(
            title: localized("Schedule a follow-up", ja: "フォローアップの予定"),
            fields: FollowUpFields.forSchedule(report: report, today: today, services: screen.services)
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
                return FollowUpFields.outcome(error)
            }
        }
    }
}
