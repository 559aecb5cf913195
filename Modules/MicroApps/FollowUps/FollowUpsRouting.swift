import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The FollowUps micro-app: follow-ups scheduled, due today, overdue, marked done.
///
/// Registered through ``FollowUpsApp`` as a ``RoutedApplicationDelegate``; `strata://follows/…`
/// routes to it (see `FollowUpsRoute`). It reaches the domain through the services named
/// `domain` (`any DomainServices`) and `clock` (`any StrataClock`). In a scripted run it
/// performs the route and writes the result instead of showing screens.
struct FollowUpsRouting: RoutedApplication {
    let title = "FollowUps"

    /// The due lists.
    func makeScreen(for application: MicroApplication, context: any ContainerContext) async throws -> FollowUpsScreen {
        FollowUpsScreen(services: try await FollowUpsServices.find(context), application: application)
    }

    func act(
        on options: [String: String], screen list: FollowUpsScreen, application: MicroApplication,
        context: any ContainerContext
    ) async {
        if FollowUpsRoute.asksForm(options) {
            // `new` with at most the report: the form, the report chosen (a report's `schedule`).
            await context.push(FollowUpForms.schedule(report: options["report"], screen: list), for: application)
            return
        }
        do {
            switch try FollowUpsRoute(params: options, clock: list.services.clock) {
            case .list, .due, .overdue:
                list.show(options["path"] == nil || options["path"] == "list" ? .all : .due)
            case .schedule(nil):
                await context.push(FollowUpForms.schedule(report: options["report"], screen: list), for: application)
            case .schedule(let draft?):
                let followUp = try await list.services.domain.followUps.schedule(draft)
                let id = followUp.objectId ?? ""
                list.flash(localized("Scheduled follow-up \(id).", ja: "フォローアップ \(id) を予定しました。"))
            case .done(let id):
                _ = try await list.services.domain.followUps.complete(id: id)
                await list.services.usage.record(.followUpDone(id))
                list.flash(localized("Marked follow-up \(id) done.", ja: "フォローアップ \(id) を完了にしました。"))
            }
        } catch {
            list.flash(ErrorText.readable(error))
            // The opener outside the terminal (strata-host open's handoff) hears it too.
            RouteOutcome.current?.refuse(ErrorText.readable(error))
        }
    }

    /// The route's own mark (`FollowUpsRoute.confirmationRefusal`); the clock only reads dates,
    /// which never decide it.
    func confirmationRefusal(for options: [String: String]) -> String? {
        (try? FollowUpsRoute(params: options, clock: SystemClock()))?.confirmationRefusal
    }

    func perform(_ options: [String: String], context: any ContainerContext) async throws -> [String] {
        let services = try await FollowUpsServices.find(context)
        let actions = FollowUpsActions(domain: services.domain, calendar: services.clock.calendar, usage: services.usage)
        return try await actions.perform(try FollowUpsRoute(params: options, clock: services.clock), json: options["format"] == "json")
    }
}
