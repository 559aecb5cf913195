public import StrataContainer
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
public final class NotificationsDelegate: MicroApplicationDelegate {
    /// The type name the host registers it under.
    public static let typeName = "NotificationsDelegate"

    private let reportsApplication: String
    private let pending = Mutex<[String: String]>([:])

    /// A delegate for one instance; `reportsApplication` names the micro-app that shows a report.
    public init(reportsApplication: String = "Reports") {
        self.reportsApplication = reportsApplication
    }

    /// Keeps the start's params.
    public func application(
        _ application: MicroApplication, willStartLaunchingWith options: [String: String],
        context: any ContainerContext
    ) async {
        pending.withLock { $0 = options }
    }

    /// The notifications list (a placeholder in a scripted run).
    public func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        if await context.console != nil { return StaticScreen(lines: ["Notifications (scripted)"]) }
        do {
            let inbox = await context.findService(NotificationInbox.serviceName) as? NotificationInbox
            return NotificationsScreen(
                services: try await NotificationsServices.find(context), inbox: inbox,
                reportsApplication: reportsApplication)
        } catch {
            return StaticScreen(lines: ["Notifications cannot start: \(error)", "", "Type: \(ScreenCommand.commonHelp)"])
        }
    }

    /// Acts on the start's params.
    public func applicationDidFinishLaunching(_ application: MicroApplication, context: any ContainerContext) async {
        await route(pending.withLock { $0 }, context: context)
    }

    /// Acts on the params of the start that brought it back.
    public func application(
        _ application: MicroApplication, didResumeWith options: [String: String], context: any ContainerContext
    ) async {
        await route(options, context: context)
    }

    private func route(_ options: [String: String], context: any ContainerContext) async {
        let parts = (options["path"] ?? "").split(separator: "/").map(String.init)
        let console = await context.console
        do {
            let services = try await NotificationsServices.find(context)
            switch (parts.count, parts.last) {
            case (0, _):
                guard let console else { return }
                let records = try services.domain.notifications.list(unreadOnly: options["unread"] == "true")
                console.write(
                    options["format"] == "json"
                        ? try JSONText.encode(records.map(NotificationJSON.init))
                        : NotificationText.table(records, calendar: services.clock.calendar))
            case (2, "read"):
                _ = try services.domain.notifications.markRead(notificationId: parts[0])
                console?.write("Marked notification \(parts[0]) read.")
            case (2, "open"):
                let record = try services.domain.notifications.markRead(notificationId: parts[0])
                guard let report = record.reportId else {
                    throw DomainError(.invalidInput, "notification \(parts[0]) names no case report")
                }
                var params = ["path": report]
                params["format"] = options["format"]
                try await context.startApplication(reportsApplication, params: params, launchMode: .bringToTop)
            default:
                throw DomainError(
                    .invalidInput, "notifications: no route for path '\(parts.joined(separator: "/"))'; expected "
                        + "<id>/read or <id>/open")
            }
        } catch {
            console?.fail(error)
        }
    }
}
