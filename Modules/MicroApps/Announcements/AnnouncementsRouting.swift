import StrataContainer
import StrataDomain

/// The Announcements micro-app: the list of announcements and one in full.
///
/// Registered through ``AnnouncementsApp`` as a ``RoutedApplicationDelegate``;
/// `strata://announcements/…` routes to it (see `AnnouncementsRoute`). It reads through the
/// service named `announcements` (`any AnnouncementService`).
struct AnnouncementsRouting: RoutedApplication {
    let title = "Announcements"

    /// The list (in effect now).
    func makeScreen(for application: MicroApplication, context: any ContainerContext) async throws
        -> AnnouncementListScreen
    {
        AnnouncementListScreen(service: try await Self.service(context), application: application)
    }

    func act(
        on options: [String: String], screen list: AnnouncementListScreen, application: MicroApplication,
        context: any ContainerContext
    ) async {
        do {
            switch try AnnouncementsRoute(params: options) {
            case .list(let all, _): list.show(all: all)
            case .show(let id): _ = await list.open(id: id, context: context)
            }
        } catch {
            list.flash(AnnouncementText.failure(error))
            // The opener outside the terminal (strata-host open's handoff) hears it too.
            RouteOutcome.current?.refuse(AnnouncementText.failure(error))
        }
    }

    /// The route's answer as text or (`format=json`) JSON.
    /// The route's own mark (`AnnouncementsRoute.confirmationRefusal`).
    func confirmationRefusal(for options: [String: String]) -> String? {
        (try? AnnouncementsRoute(params: options))?.confirmationRefusal
    }

    func perform(_ options: [String: String], context: any ContainerContext) async throws -> [String] {
        let route = try AnnouncementsRoute(params: options)
        let json = options["format"] == "json"
        let service = try await Self.service(context)
        switch route {
        case .list(let all, let page):
            let found = all ? try await service.all(page) : try await service.current(page)
            if json { return [try JSONText.encode(found.announcements.map(AnnouncementJSON.init))] }
            return [AnnouncementText.list(found, all: all, page: page).joined(separator: "\n")]
        case .show(let id):
            let announcement = try await service.announcement(id: id)
            return [json ? try JSONText.encode(AnnouncementJSON(announcement)) : AnnouncementText.detail(announcement).joined(separator: "\n")]
        }
    }

    /// The host's announcement service.
    ///
    /// - Throws: ``ContainerError`` when the host declares no `announcements` service.
    static func service(_ context: any ContainerContext) async throws -> any AnnouncementService {
        try await context.service(.announcements)
    }
}
