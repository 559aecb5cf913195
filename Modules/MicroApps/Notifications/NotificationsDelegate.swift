import StrataContainer
import StrataCrossCutting
import StrataDomain
import Synchronization

/// The Notifications micro-app: the notifications strata-notifyd recorded and those that arrived
/// while the host runs; mark them read; open the report one points to.
///
/// Routes: `strata://notifications` (list; `unread=true` for unread only),
/// `strata://notifications/<notification id>/read`, `strata://notifications/<notification id>/open`
/// (starts the reports micro-app with `path=<report id>` through the Context). It reaches the
/// domain through the services `domain` and `clock`, and the live notifications through the
/// ``NotificationInbox`` service `inbox` (optional).
final class NotificationsDelegate: MicroApplicationDelegate {
    private let reportsApplication: String
    private let pending = Mutex<[String: String]>([:])

    /// A delegate for one instance; `reportsApplication` names the micro-app that shows a report.
    init(reportsApplication: String = "Reports") {
        self.reportsApplication = reportsApplication
    }

    /// Keeps the start's params.
    func application(
        _ application: MicroApplication, willStartLaunchingWith options: [String: String],
        context: any ContainerContext
    ) async {
        pending.withLock { $0 = options }
    }

    /// The notifications list (a placeholder in a scripted run).
    func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        if await context.console != nil { return StaticScreen(lines: ["Notifications (scripted)"]) }
        do {
            let inbox = await context.findService(NotificationsApp.inboxServiceName) as? NotificationInbox
            return NotificationsScreen(
                services: try await NotificationsServices.find(context), inbox: inbox,
                reportsApplication: reportsApplication)
        } catch {
            return StaticScreen(lines: ["Notifications cannot start: \(error)", "", "Type: \(ScreenCommand.commonHelp)"])
        }
    }

    /// Acts on the start's params.
    func applicationDidFinishLaunching(_ application: MicroApplication, context: any ContainerContext) async {
        await route(pending.withLock { $0 }, context: context)
    }

    /// Acts on the params of the start that brought it back.
    func application(
        _ application: MicroApplication, didResumeWith options: [String: String], context: any ContainerContext
    ) async {
        await route(options, context: context)
    }

    private func route(_ options: [String: String], context: any ContainerContext) async {
        let console = await context.console
        do {
            let route = try NotificationsRoute(params: options)
            let services = try await NotificationsServices.find(context)
            switch route {
            case .list(let unreadOnly):
                guard let console else { return }
                let records = try await services.domain.notifications.list(unreadOnly: unreadOnly)
                console.write(
                    options["format"] == "json"
                        ? try JSONText.encode(records.map(NotificationJSON.init))
                        : NotificationText.table(records, calendar: services.clock.calendar))
            case .read(let id):
                _ = try await services.domain.notifications.markRead(notificationId: id)
                console?.write("Marked notification \(id) read.")
            case .open(let id):
                let record = try await services.domain.notifications.markRead(notificationId: id)
                guard let report = record.reportId else {
                    throw DomainError(.invalidInput, "notification \(id) names no case report")
                }
                var params = ["path": report]
                params["format"] = options["format"]
                try await context.startApplication(reportsApplication, params: params, launchMode: .bringToTop)
            }
        } catch {
            console?.fail(error)
        }
    }
}
