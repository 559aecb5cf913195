import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain
import Synchronization

/// The Notifications micro-app's root screen: what arrived while the host runs, and the
/// notifications strata-notifyd recorded, numbered so a person can type `read 2` or `open 2`.
final class NotificationsScreen: TextScreen {
    private struct State {
        var unreadOnly = false
        var shown: [NotificationRecord] = []
    }

    let services: NotificationsServices
    let inbox: NotificationInbox?
    let reportsApplication: String
    private let state = Mutex(State())

    init(services: NotificationsServices, inbox: NotificationInbox?, reportsApplication: String) {
        self.services = services
        self.inbox = inbox
        self.reportsApplication = reportsApplication
    }

    func render() async -> [String] {
        let unreadOnly = state.withLock { $0.unreadOnly }
        var lines: [String] = []
        let live = inbox?.entries ?? []
        lines.append("Arrived while strata-host runs: \(live.count)")
        for entry in live.prefix(5) {
            let text = "\(entry.payload.title) \(entry.payload.body)"
            lines.append("  [\(entry.origin)] \(TerminalText.escaped(TextTable.truncate(text, to: 100)))")
        }
        lines.append("")
        lines.append(unreadOnly ? "Unread notifications, newest first" : "Notifications, newest first")
        do {
            let records = try await services.domain.notifications.list(unreadOnly: unreadOnly)
            state.withLock { $0.shown = records }
            lines.append(NotificationText.table(records, calendar: services.clock.calendar))
        } catch {
            lines.append("Cannot list notifications: \(error)")
        }
        lines.append("")
        lines.append("Type: read N · open N (its report) · unread · all · \(ScreenCommand.commonHelp)")
        return lines
    }

    func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
        let command = ScreenCommand(input)
        if let common = await command.common(context: context) { return common }
        switch command.word {
        case "", "refresh": return .stay
        case "unread":
            state.withLock { $0.unreadOnly = true }
            return .stay
        case "all":
            state.withLock { $0.unreadOnly = false }
            return .stay
        case "read", "open":
            guard let record = resolve(command.argument) else {
                return .message("Type \(command.word) and a row number or a notification id.")
            }
            do {
                _ = try await services.domain.notifications.markRead(notificationId: record.notificationId)
                await services.usage.record(.notificationRead(record.notificationId))
                guard command.word == "open" else { return .message("Marked \(record.notificationId) read.") }
                guard let report = record.reportId else { return .message("\(record.notificationId) names no report.") }
                // Through the Context, by name: micro-apps never import each other.
                try await context.startApplication(reportsApplication, params: ["path": report], launchMode: .bringToTop)
                return .stay
            } catch {
                return .message("\(error)")
            }
        default:
            return ScreenCommand.unknown(input)
        }
    }

    private func resolve(_ text: String) -> NotificationRecord? {
        state.withLock { state in
            if let number = Int(text), number >= 1, number <= state.shown.count { return state.shown[number - 1] }
            return state.shown.first { $0.notificationId == text }
        }
    }
}
