/// Use cases on notifications: the notification-service extension's business logic.
public protocol NotificationService: Sendable {
    /// Enriches `notification` through the domain (a `follow-up-due` naming a report gets the
    /// patient and due date; when enrichment fails the original content is kept) and records
    /// it, once per notification id.
    ///
    /// - Returns: `.recorded` with the stored record, or `.duplicate` with the record already
    ///   stored under that id (nothing is written then).
    /// - Throws: ``DomainError`` `invalidInput` for an empty id; `storage` when the store cannot
    ///   look the id up or save the record. A failed enrichment look-up only keeps the original
    ///   content, except a StrataDataTesting double's `unexpectedCall`, which is reported.
    func record(_ notification: IncomingNotification) async throws -> RecordOutcome

    /// Records several notifications as ``record(_:)`` records each, the new ones in one
    /// transaction: all of them are stored, or none (then each is recorded on its own, so one
    /// bad or contested notification costs only itself).
    ///
    /// - Returns: per notification, in order, what ``record(_:)`` returns or the ``DomainError``
    ///   it throws; an id twice in `notifications` is recorded once, its later copies are
    ///   `.duplicate`.
    func record(_ notifications: [IncomingNotification]) async -> [Result<RecordOutcome, DomainError>]

    /// Recorded notifications, newest first; only unread ones when `unreadOnly`.
    func list(unreadOnly: Bool) async throws -> [NotificationRecord]

    /// Marks the notification with this notification id read; returns it.
    ///
    /// - Throws: ``DomainError`` `notFound` naming the id.
    func markRead(notificationId: String) async throws -> NotificationRecord
}

/// What ``NotificationService/record(_:)`` did.
public enum RecordOutcome: Sendable, Hashable {
    /// The notification was new and is now stored.
    case recorded(NotificationRecord)
    /// A notification with this id was stored before; nothing changed.
    case duplicate(NotificationRecord)
}
