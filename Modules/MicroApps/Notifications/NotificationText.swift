import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain

/// A table of recorded notifications, numbered from 1.
enum NotificationText {
    static func table(_ records: [NotificationRecord], calendar: Calendar) -> String {
        guard !records.isEmpty else { return "No notifications." }
        var table = TextTable(headers: ["#", "READ", "KIND", "TITLE", "PATIENT", "RECEIVED", "ID"], alignments: [.right])
        table.rows = records.enumerated().map { index, record in
            [
                String(index + 1), record.isRead ? "yes" : "no", record.kind, TextTable.truncate(record.title, to: 32),
                record.patientName ?? "", DayText.day(record.receivedAt, calendar: calendar), record.notificationId,
            ]
        }
        return table.render()
    }
}
