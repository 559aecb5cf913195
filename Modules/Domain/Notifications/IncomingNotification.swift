#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A notification as it arrives (an inbox file, later the server's push channel).
///
/// The JSON document (see Docs/Notifications.md; read it with ``decode(_:source:)``):
/// `{"id": "n-1", "kind": "follow-up-due", "reportId": "…", "followUpId": "…",
///   "title": "…", "body": "…", "sentAt": "2026-11-22T09:00:00Z"}` — `id` and `kind` are
/// required, the rest optional.
public struct IncomingNotification: Sendable, Hashable, Codable {
    /// The sender's unique id: recording is exactly once per id.
    public var id: String
    /// `follow-up-due`, `message`, or another kind (recorded as it is).
    public var kind: String
    /// The title to show, if the sender gave one (enrichment may replace it).
    public var title: String?
    /// The text to show, if the sender gave one (enrichment may replace it).
    public var body: String?
    /// The case report it names, if any.
    public var reportId: String?
    /// The follow-up it names, if any.
    public var followUpId: String?
    /// When it was sent.
    public var sentAt: Date?

    /// A notification with the given content.
    public init(
        id: String, kind: String, title: String? = nil, body: String? = nil, reportId: String? = nil,
        followUpId: String? = nil, sentAt: Date? = nil
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.body = body
        self.reportId = reportId
        self.followUpId = followUpId
        self.sentAt = sentAt
    }
}
