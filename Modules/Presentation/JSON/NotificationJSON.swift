#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
public import StrataDomain

/// The stable JSON shape of a recorded notification: what the Notifications micro-app prints
/// for `format=json`.
///
/// Keys: `id`, `kind`, `title`, `body`, `reportId`, `followUpId` and `patientName` (strings or
/// `null`), `receivedAt` (ISO 8601 instant), `read`. Every key is always present.
public struct NotificationJSON: Encodable, Equatable, Sendable {
    /// The notification's id.
    public var id: String
    /// Its kind (`message`, `follow-up-due`, …).
    public var kind: String
    /// Its title.
    public var title: String
    /// Its body.
    public var body: String
    /// The case report it points to, or `nil` (written `null`).
    @NullIfAbsent public var reportId: String?
    /// The follow-up it points to, or `nil` (written `null`).
    @NullIfAbsent public var followUpId: String?
    /// The patient it is about, or `nil` (written `null`).
    @NullIfAbsent public var patientName: String?
    /// When it was recorded (ISO 8601 in UTC).
    public var receivedAt: String
    /// Whether it was read.
    public var read: Bool

    /// The JSON shape of `record`.
    public init(_ record: NotificationRecord) {
        id = record.notificationId
        kind = record.kind
        title = record.title
        body = record.body
        reportId = record.reportId
        followUpId = record.followUpId
        patientName = record.patientName
        receivedAt = DayText.instant(record.receivedAt)
        read = record.isRead
    }
}
