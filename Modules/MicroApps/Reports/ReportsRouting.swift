import StrataContainer
import StrataCrossCutting
import StrataDomain

/// The Reports micro-app: case reports listed, searched, added, edited and deleted.
///
/// Registered through ``ReportsApp`` as a ``RoutedApplicationDelegate``; `strata://reports/…`
/// routes to it (see `ReportsRoute`). It reaches the domain through the services named
/// `domain` (`any DomainServices`) and `clock` (`any StrataClock`). In a scripted run it
/// performs the route and writes the result instead of showing screens.
struct ReportsRouting: RoutedApplication {
    let title = "Reports"
    /// The micro-app a report's `schedule` starts (`path=new&report=<id>`).
    var followUpsApplication = "FollowUps"

    /// The list of reports.
    func makeScreen(for application: MicroApplication, context: any ContainerContext) async throws -> ReportListScreen {
        ReportListScreen(
            services: try await ReportsServices.find(context), application: application, followUpsApplication: followUpsApplication)
    }

    func act(
        on options: [String: String], screen list: ReportListScreen, application: MicroApplication,
        context: any ContainerContext
    ) async throws {
        switch try ReportsRoute(params: options) {
        case .list(let search, _):
            list.setSearch(search)
            list.setScope(options["scope"])
        case .add(nil):
            await context.push(ReportForms.add(services: list.services, list: list), for: application)
        case .add(let draft?):
            let report = try await list.services.domain.reports.add(draft)
            await list.services.usage.record(.reportCreated(report.objectId))
            let id = report.objectId ?? ""
            list.flash(
                localized(
                    "Added case report \(id) for \(report.patientName).",
                    ja: "\(report.patientName) さんの症例報告 \(id) を追加しました。"))
        case .show(let id):
            try await open("show", id: id, on: list, context: context)
        case .edit(let id, let change) where change.isEmpty:
            try await open("edit", id: id, on: list, context: context)
        case .edit(let id, let change):
            // Never at once: the confirmation shows old → new per field and asks (the route
            // may come from a link).
            let report = try await list.services.domain.reports.get(id: id)
            await context.push(
                ReportForms.confirmEdit(report, change, services: list.services, list: list), for: application)
        case .delete(let id):
            // Never at once: the confirmation form asks (the route may come from a link).
            try await open("delete", id: id, on: list, context: context)
        }
    }

    func show(_ failure: String, on list: ReportListScreen) async {
        list.flash(failure)
    }

    func confirmationRefusal(for options: [String: String]) -> String? {
        (try? ReportsRoute(params: options))?.confirmationRefusal
    }

    /// Pushes the screen `word` asks for about report `id`; throws when there is no such report.
    private func open(_ word: String, id: String, on list: ReportListScreen, context: any ContainerContext) async throws {
        if case .message(let reason) = await list.open(word, id: id, context: context) {
            throw DomainError(.invalidInput, reason)
        }
    }

    func perform(_ options: [String: String], context: any ContainerContext) async throws -> [String] {
        let services = try await ReportsServices.find(context)
        let actions = ReportsActions(domain: services.domain, calendar: services.clock.calendar, usage: services.usage)
        return try await actions.perform(try ReportsRoute(params: options), json: options["format"] == "json")
    }
}
