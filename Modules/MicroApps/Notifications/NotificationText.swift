import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// A table of recorded notifications, numbered from 1.
enum NotificationText {
    static func table(_ records: [NotificationRecord], calendar: Calendar) -> String {
        guard !records.isEmpty else { return localized("No notifications.", ja: "通知はありません。") }
        var table = TextTable(
            headers: [
                "#", localized("READ", ja: "既読"), localized("KIND", ja: "種類"), localized("TITLE", ja: "タイトル"),
                localized("PATIENT", ja: "患者"), localized("RECEIVED", ja: "受信日"), "ID",
            ],
            alignments: [.right])
        table.rows = records.enumerated().map { index, record in
            [
                String(index + 1), record.isRead ? localized("yes", ja: "はい") : localized("no", ja: "いいえ"), record.kind, TextTable.truncate(record.title, to: 32),
                record.patientName ?? "", DayText.day(record.receivedAt, calendar: calendar), record.notificationId,
            ]
        }
        return table.render()
    }
}
