#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataStore

/// Notification use cases on the value-object store: enrich, record once per id, list, mark read.
struct StoreNotificationService: NotificationService {
    let store: any ValueObjectStore
    let clock: any StrataClock
    /// The enrichment's deadline and who is told when it passes.
    var enrichment = NotificationEnrichmentPolicy.standard

    /// Looks the id up first; when another process records the same id between that look
    /// and the save, the unique key makes the save fail with `duplicate` and the record that
    /// process stored is returned instead: each id is stored exactly once.
    func record(_ notification: IncomingNotification) async throws -> RecordOutcome {
        try await withStorage {
            try Self.check(notification)
            if let existing = try await find(notification.id) {
                return .duplicate(existing)
            }
            let enricher = NotificationEnricher(store: store, calendar: clock.calendar, policy: enrichment)
            let record = try await enricher.record(for: notification, receivedAt: clock.now())
            do {
                return .recorded(try await store.save(record))
            } catch let error as DataError where error.code == .duplicate {
                guard let winner = try await find(notification.id) else { throw error }
                return .duplicate(winner)
            }
        }
    }

    func list(unreadOnly: Bool) async throws -> [NotificationRecord] {
        try await withStorage {
            let newestFirst = Query<NotificationRecord>.newestFirst
            return try await store.query(unreadOnly ? newestFirst.whereKey("isRead", .equal, false) : newestFirst)
        }
    }

    func markRead(notificationId: String) async throws -> NotificationRecord {
        try await withStorage {
            try InputRules.identifier(notificationId, field: "notification id", expected: "the id of a recorded notification")
            guard var record = try await find(notificationId) else {
                throw DomainError.notFound(
                    localized("no notification with id '\(notificationId)'", ja: "ID '\(notificationId)' の通知はありません"))
            }
            guard !record.isRead else { return record }
            record.isRead = true
            return try await store.save(record)
        }
    }

    /// Refuses an empty id, and control characters: any in the one-line fields (id, kind,
    /// title, reportId, followUpId), any but line feeds and tabs in the body.
    static func check(_ notification: IncomingNotification) throws {
        try InputRules.identifier(notification.id, field: "notification id", expected: "the sender's unique id")
        try InputRules.oneLine(notification.kind, field: "notification kind")
        try InputRules.oneLine(notification.title ?? "", field: "notification title")
        try InputRules.multiLine(notification.body ?? "", field: "notification body")
        try InputRules.oneLine(notification.reportId ?? "", field: "notification reportId")
        try InputRules.oneLine(notification.followUpId ?? "", field: "notification followUpId")
    }

    /// The record stored under `notificationId`, if any.
    func find(_ notificationId: String) async throws -> NotificationRecord? {
        try await store.query(Query.notification(notificationId)).first
    }
}
