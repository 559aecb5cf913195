#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Use cases on ward announcements, read on demand from the server (never stored locally).
///
/// Reads fail with the remote store's error unchanged (StrataSync's `SyncError`) — `offline` (no server
/// configured), `notSignedIn`, `unreachable` — each one line the hosts print as it is; bad
/// input is a ``DomainError`` `invalidInput` naming the field.
public protocol AnnouncementService: Sendable {
    /// The announcements in effect now (`from` ≤ now < `until`, by the domain's clock), newest
    /// posted first, one page.
    func current(_ page: PageRequest) async throws -> AnnouncementPage

    /// Every announcement the signed-in user may see, newest posted first, one page.
    func all(_ page: PageRequest) async throws -> AnnouncementPage

    /// One announcement.
    ///
    /// - Throws: ``DomainError`` `notFound` naming the id.
    func announcement(id: String) async throws -> Announcement

    /// Validates a draft and saves it as a new announcement by `author`, posted now: it goes
    /// through the journal to the server with the next sync, where only a lead of the group may
    /// post (a member's post comes back rejected, see ``refusal(of:)``).
    ///
    /// - Throws: ``DomainError`` `invalidInput` naming the field (an empty title, `until` not
    ///   after `from`, a control character).
    func post(_ draft: AnnouncementDraft, author: String) async throws -> Announcement

    /// Why the server refused the post of announcement `id` (the journal's rejected change),
    /// or `nil` when it did not.
    func refusal(of id: String) async throws -> String?
}

/// The fields of a new announcement.
public struct AnnouncementDraft: Sendable, Hashable {
    /// The headline (trimmed; one line, 1 to 200 characters).
    public var title: String
    /// The text (trimmed; at most 4,000 characters).
    public var body: String
    /// When it comes into effect; `nil`: now.
    public var from: Date?
    /// When it ends; `nil`: a week after `from`.
    public var until: Date?

    /// A draft with the given fields.
    public init(title: String, body: String, from: Date? = nil, until: Date? = nil) {
        self.title = title
        self.body = body
        self.from = from
        self.until = until
    }
}

/// One page of announcements and whether more follow.
public struct AnnouncementPage: Sendable, Hashable {
    /// The announcements, newest posted first.
    public var announcements: [Announcement]
    /// Whether the server holds more past this page.
    public var hasMore: Bool

    /// A page.
    public init(announcements: [Announcement], hasMore: Bool) {
        self.announcements = announcements
        self.hasMore = hasMore
    }
}

extension AnnouncementDraft {
    /// Checks the draft's fields as ``AnnouncementService/post(_:author:)`` will (the title, the
    /// body, the period), so a command can refuse bad input before it looks for a server.
    ///
    /// - Parameter now: when it would be posted (the default `from`).
    /// - Throws: `DomainError.invalidInput` naming the field and what was expected.
    public func check(now: Date) throws {
        _ = try AnnouncementRules.announcement(self, now: now, defaultDuration: RemoteAnnouncementService.defaultDuration)
    }
}
