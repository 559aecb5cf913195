import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain
import Synchronization

/// The Notifications micro-app's root screen: what arrived while the host runs, and the
/// notifications strata-notifyd recorded, numbered so a person can type `read 2` or `open 2`.
final class NotificationsScreen: ListScreen {
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

    /// The typed words this screen reads, for the `?` screen.
    static var keys: [ScreenKey] {
        [
            ScreenKey("open N", localized("open notification N's report (and mark it read)", ja: "N 番の通知の症例報告を開く（既読にする）")),
            ScreenKey("read N", localized("mark notification N read", ja: "N 番の通知を既読にする")),
            ScreenKey("unread", localized("list the unread ones only", ja: "未読の通知だけを一覧")),
            ScreenKey("all", localized("list every notification", ja: "すべての通知を一覧")),
        ]
    }

    func layout() async -> ScreenLayout {
        let unreadOnly = state.withLock { $0.unreadOnly }
        var header: [String] = []
        var items: [ScreenItem] = []
        let live = inbox?.entries ?? []
        header.append(localized("Arrived while strata-host runs: \(live.count)", ja: "strata-host の実行中に届いた通知: \(live.count)"))
        for entry in live.prefix(5) {
            // The title on its line, the body under it: never run together.
            let origin = "  [\(entry.origin)] "
            let indent = String(repeating: " ", count: TerminalText.displayWidth(origin))
            // Each field escaped on its own: a line break in a title or body stays `\n`, one row.
            header.append(origin + TerminalText.escaped(TextTable.truncate(entry.payload.title, to: 100)))
            if !entry.payload.body.isEmpty {
                header.append(indent + TerminalText.escaped(TextTable.truncate(entry.payload.body, to: 100)))
            }
        }
        header.append("")
        header.append(
            unreadOnly
                ? localized("Unread notifications, newest first", ja: "未読の通知（新しい順）")
                : localized("Notifications, newest first", ja: "通知（新しい順）"))
        do {
            let records = try await services.domain.notifications.list(unreadOnly: unreadOnly)
            state.withLock { $0.shown = records }
            let lines = NotificationText.table(records, calendar: services.clock.calendar)
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if records.isEmpty {
                header += lines
            } else {
                header.append(lines.first ?? "")
                items = records.enumerated().map { index, record in
                    ScreenItem(
                        id: record.notificationId, text: index + 1 < lines.count ? lines[index + 1] : "",
                        command: "open \(index + 1)")
                }
            }
        } catch {
            header.append(
                localized("Cannot list notifications: ", ja: "通知を一覧できません: ") + ErrorText.readable(error))
        }
        let footer = [
            "",
            ScreenCommand.typeLine(
                localized(
                    "read N · open N (its report) · unread · all · \(ScreenCommand.commonHelp)",
                    ja: "read N · open N（症例報告を開く）· unread · all · \(ScreenCommand.commonHelp)")),
        ]
        return ScreenLayout(header: header, items: items, footer: footer, keys: Self.keys)
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
                return .message(
                    localized(
                        "Type \(command.word) and a row number or a notification id.",
                        ja: "\(command.word) に続けて行番号か通知の ID を入力してください。"))
            }
            do {
                _ = try await services.domain.notifications.markRead(notificationId: record.notificationId)
                await services.usage.record(.notificationRead(record.notificationId))
                guard command.word == "open" else { return .message(localized("Marked \(record.notificationId) read.", ja: "\(record.notificationId) を既読にしました。")) }
                guard let report = record.reportId else { return .message(localized("\(record.notificationId) names no report.", ja: "\(record.notificationId) には症例報告がありません。")) }
                // Through the Context, by name: micro-apps never import each other.
                try await context.startApplication(reportsApplication, params: ["path": report], launchMode: .bringToTop)
                return .stay
            } catch {
                return .message(ErrorText.readable(error))
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
