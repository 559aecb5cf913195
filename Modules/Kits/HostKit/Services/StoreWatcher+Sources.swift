import Foundation
import StrataContainer
import StrataCrossCutting
import StrataDomain
import StrataStore

extension StoreWatcher.Source {
    /// Notifications `strata-notifyd` recorded, posted as remote notifications: on each
    /// `NotificationRecord` notice, every record (read or not) newer than the last one posted,
    /// by `receivedAt` and then `notificationId`.
    ///
    /// Read ones count too: a record that arrives while another is marked read (the unread
    /// count unchanged) is still new. A record whose `receivedAt` is older than the newest
    /// one already seen (a clock set back) is not posted; it is still listed by the
    /// Notifications micro-app.
    static let recordedNotifications = StoreWatcher.Source(
        typeName: NotificationRecord.schema.typeName, recheckInterval: nil,
        fresh: { domain, mark in
            // Newest first (by receivedAt): read down to the mark's instant, keep those past the
            // mark, then post them oldest first.
            let since = mark.instant
            let records = try await domain.notifications.list(unreadOnly: false)
                .prefix { record in since.map { record.receivedAt >= $0 } ?? true }
                .filter { mark.isNew($0.notificationId, at: $0.receivedAt) }
                .reversed()
            for record in records { mark.advance(past: record.notificationId, at: record.receivedAt) }
            return records.map(Self.payload)
        },
        post: { payload, context in await context.postRemoteNotification(payload) })

    /// Follow-ups due today, posted as local notifications when one falls due: on each
    /// `FollowUp` notice (one scheduled for today) and every `recheckInterval` (the day turned).
    static func dueFollowUps(recheckInterval: Duration = .seconds(30)) -> StoreWatcher.Source {
        StoreWatcher.Source(
            typeName: FollowUp.schema.typeName, recheckInterval: recheckInterval,
            fresh: { domain, mark in
                let due = try await domain.followUps.dueToday().filter { !mark.identifiers.contains($0.followUp.objectId ?? "") }
                mark.identifiers.formUnion(due.map { $0.followUp.objectId ?? "" })
                return due.map { due in
                    NotificationPayload(
                        identifier: due.followUp.objectId ?? "", title: localized("Follow-up due today", ja: "本日期限のフォローアップ"),
                        body: due.report?.patientName ?? due.followUp.caseReportID,
                        userInfo: [
                            "reportId": due.followUp.caseReportID, "url": "strata://reports/\(due.followUp.caseReportID)",
                        ])
                }
            },
            post: { payload, context in await context.postLocalNotification(payload) })
    }

    /// A recorded notification as the payload the container broadcasts.
    private static func payload(_ record: NotificationRecord) -> NotificationPayload {
        var info = ["kind": record.kind]
        if let report = record.reportId {
            info["reportId"] = report
            info["url"] = "strata://reports/\(report)"
        }
        return NotificationPayload(identifier: record.notificationId, title: record.title, body: record.body, userInfo: info)
    }
}
