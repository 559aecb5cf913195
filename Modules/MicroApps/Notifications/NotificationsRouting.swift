import StrataContainer
import StrataCrossCutting
import StrataDomain
import StrataPresentation

/// The Notifications micro-app: the notifications strata-notifyd recorded and those that arrived
/// while the host runs; mark them read; open the report one points to.
///
/// Registered through ``NotificationsApp`` as a ``RoutedApplicationDelegate``; routes (see
/// `NotificationsRoute`): `strata://notifications` (list; `unread=true` for unread only),
/// `strata://notifications/<notification id>/read`, `strata://notifications/<notification id>/open`
/// (starts the reports micro-app with `path=<report id>` through the Context); with
/// `action=<identifier>` (a desktop notification's **Open**, through xdg-open) the app's
/// `handleAction` hook decides first (the seed's `handleActionWithIdentifier`). It reaches the
/// domain through the services `domain` and `clock`, and the live notifications through the
/// ``NotificationInbox`` service `inbox` (optional).
struct NotificationsRouting: RoutedApplication {
    let title = "Notifications"
    /// The micro-app that shows a report (started by `open`).
    let reportsApplication: String

    /// The notifications list, with the inbox's live notifications when the service is there.
    func makeScreen(for application: MicroApplication, context: any ContainerContext) async throws
        -> NotificationsScreen
    {
        let inbox = await context.findService(NotificationsApp.inbox)
        return NotificationsScreen(
            services: try await NotificationsServices.find(context), inbox: inbox, reportsApplication: reportsApplication)
    }

    /// In a terminal a route marks read (`read`, `open`) and opens the report (`open`); a list
    /// route changes nothing (the screen already lists them), and a failure is not shown on the
    /// screen (it reaches an opener outside the terminal, strata-host open's handoff).
    func act(
        on options: [String: String], screen: NotificationsScreen, application: MicroApplication,
        context: any ContainerContext
    ) async throws {
        let route = try NotificationsRoute(params: options)
        if case .list = route { return }
        _ = try await run(route, options, services: screen.services, context: context)
    }

    /// The route's own mark (`NotificationsRoute.confirmationRefusal`).
    func confirmationRefusal(for options: [String: String]) -> String? {
        (try? NotificationsRoute(params: options))?.confirmationRefusal
    }

    /// The list (as a table or, for `format=json`, JSON), `Marked notification <id> read.`, or
    /// nothing for `open` (the reports micro-app prints the report).
    func perform(_ options: [String: String], context: any ContainerContext) async throws -> [String] {
        let route = try NotificationsRoute(params: options)
        return try await run(route, options, services: try await NotificationsServices.find(context), context: context)
    }

    private func run(
        _ route: NotificationsRoute, _ options: [String: String], services: NotificationsServices,
        context: any ContainerContext
    ) async throws -> [String] {
        switch route {
        case .list(let unreadOnly):
            let records = try await services.domain.notifications.list(unreadOnly: unreadOnly)
            return [
                options["format"] == "json"
                    ? try JSONText.encode(records.map(NotificationJSON.init))
                    : NotificationText.table(records, calendar: services.clock.calendar)
            ]
        case .read(let id):
            guard await actionContinues(options, id: id, route: "read", context: context) else { return [] }
            _ = try await services.domain.notifications.markRead(notificationId: id)
            await services.usage.record(.notificationRead(id))
            return [localized("Marked notification \(id) read.", ja: "通知 \(id) を既読にしました。")]
        case .open(let id):
            guard await actionContinues(options, id: id, route: "open", context: context) else { return [] }
            let record = try await services.domain.notifications.markRead(notificationId: id)
            await services.usage.record(.notificationRead(id))
            guard let report = record.reportId else {
                throw DomainError(.invalidInput, "notification \(id) names no case report")
            }
            var params = ["path": report]
            params["format"] = options["format"]
            try await context.startApplication(reportsApplication, params: params, launchMode: .bringToTop)
            return []
        }
    }

    /// Whether the route goes on: yes without `action`; with it, what the app's `handleAction`
    /// hook answers (`continue`: go on; anything else: the host handled the action).
    private func actionContinues(
        _ options: [String: String], id: String, route: String, context: any ContainerContext
    ) async -> Bool {
        guard let action = options["action"] else { return true }
        let notification = NotificationPayload(identifier: id, userInfo: ["route": route])
        return await context.performNotificationAction(action, notification: notification).continues
    }
}
