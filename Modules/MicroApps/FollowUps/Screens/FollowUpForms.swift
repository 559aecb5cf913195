import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The FollowUps micro-app's form: schedule a follow-up.
enum FollowUpForms {
    static func schedule(report: String?, screen: FollowUpsScreen) -> FormScreen {
        let calendar = screen.services.clock.calendar
        let today = DayText.day(screen.services.clock.now(), calendar: calendar)
        return FormScreen(
            title: "Schedule a follow-up",
            fields: [
                .init(name: "report", prompt: "Case report id", defaultValue: report, required: true),
                .init(name: "date", prompt: "Date (YYYY-MM-DD)", defaultValue: today, required: true),
                .init(name: "maxBp", prompt: "Systolic blood pressure (mmHg, empty if not measured)", defaultValue: ""),
                .init(name: "minBp", prompt: "Diastolic blood pressure (mmHg, empty if not measured)", defaultValue: ""),
                .init(name: "medication", prompt: "Medications, comma separated (e.g. ace,diuretic)", defaultValue: ""),
                .init(name: "memo", prompt: "Memo", defaultValue: ""),
            ]
        ) { values, _ in
            do {
                let reader = FollowUpParameters(params: values, calendar: calendar)
                guard let draft = try reader.draft() else { return .retry("Nothing to save.") }
                let followUp = try await screen.services.domain.followUps.schedule(draft)
                screen.flash("Scheduled follow-up \(followUp.objectId ?? "") on \(values["date"] ?? "").")
                return .done(.back)
            } catch {
                return .retry("\(error)")
            }
        }
    }
}
