#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
public import StrataStore

/// A notification as recorded in the shared store: recorded once per notification id.
public struct NotificationRecord: ValueObject, Hashable, Codable {
    /// The store's id for this record; `nil` until it is first saved.
    public var objectId: String?
    /// The sender's id of the notification; unique in the store (re-delivery is harmless).
    public var notificationId: String = ""
    /// The kind, e.g. `follow-up-due` or `message`.
    public var kind: String = ""
    /// The title to show (enriched for follow-up-due notifications); encrypted at rest, because
    /// enrichment writes the patient's name into it.
    public var title: String = ""
    /// The body to show (enriched for follow-up-due notifications); encrypted at rest, because
    /// enrichment writes the patient's name into it.
    public var body: String = ""
    /// The case report the notification points to, if any.
    public var reportId: String? = nil
    /// The follow-up the notification points to, if any.
    public var followUpId: String? = nil
    /// The patient's name, filled in by enrichment; encrypted at rest.
    public var patientName: String? = nil
    /// The follow-up's due date, filled in by enrichment.
    public var dueDate: Date? = nil
    /// When the sender sent it, if it said.
    public var sentAt: Date? = nil
    /// When it was recorded.
    public var receivedAt: Date = Date(timeIntervalSince1970: 0)
    /// Whether enrichment through the domain succeeded (else the original content is kept).
    public var isEnriched = false
    /// Whether a person has read it.
    public var isRead = false

    /// An empty record (every field at its default).
    public init() {}

    /// The stored fields; `notificationId` is unique; `(isRead, receivedAt)` and `(receivedAt)`
    /// are indexed for the newest-first inbox and the unread count.
    /// Local only (notifications arrive on this machine). `patientName` is encrypted at rest,
    /// and so are `title` and `body`, which are derived from it (a field derived from an
    /// encrypted field is encrypted too): only equality queries work on them, never `like`
    /// or sorting — lists sort by `receivedAt`. A store written before sealed them in place
    /// when the type is registered.
    public static let schema = ValueObjectSchema<NotificationRecord>(
        "NotificationRecord",
        fields: [
            .field("notificationId", \.notificationId),
            .field("kind", \.kind),
            .field("title", \.title),
            .field("body", \.body),
            .field("reportId", \.reportId),
            .field("followUpId", \.followUpId),
            .field("patientName", \.patientName),
            .field("dueDate", \.dueDate),
            .field("sentAt", \.sentAt),
            .field("receivedAt", \.receivedAt),
            .field("isEnriched", \.isEnriched),
            .field("isRead", \.isRead),
        ],
        unique: ["notificationId"],
        // The inbox, newest first: every record, or the unread ones (and their count).
        compoundIndexes: [CompoundIndex("isRead", "receivedAt"), CompoundIndex("receivedAt")],
        behaviour: ValueObjectBehaviour(persistentType: .localOnly, encrypted: ["patientName", "title", "body"])
    )
}
