#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif
public import StrataStore

/// A ward announcement: a title and a body a group's lead posts for their group, in effect
/// from `from` until `until` (the seed's server-only data, `persistentType` server).
///
/// Server only: no local rows are kept; a post goes through the journal to the server, and
/// every read asks the server (`AnnouncementService`, over a `RemoteObjectStore`). The server
/// lets only a lead of the group (or an administrator) post one: `Announcement` is its
/// built-in lead-posted type (Docs/Server.md, "Roles").
public struct Announcement: ValueObject, Hashable, Codable {
    /// The store's id for this announcement; `nil` until it is first saved.
    public var objectId: String?
    /// The headline: one line, 1 to 200 characters.
    public var title: String = ""
    /// The text: line feeds and tabs allowed, at most 4,000 characters.
    public var body: String = ""
    /// When it comes into effect.
    public var from: Date = Date(timeIntervalSince1970: 0)
    /// When it stops being in effect (after `from`).
    public var until: Date = Date(timeIntervalSince1970: 0)
    /// When it was posted: the listings are newest first by it.
    public var postedAt: Date = Date(timeIntervalSince1970: 0)
    /// The account that posted it.
    public var author: String = ""

    /// An empty announcement (every field at its default).
    public init() {}

    /// Whether it is in effect at `date`: `from` ≤ `date` < `until`.
    public func isCurrent(at date: Date) -> Bool { from <= date && date < until }

    /// The stored fields; server only, group scope (the poster's group sees it).
    public static let schema = ValueObjectSchema<Announcement>(
        "Announcement",
        fields: [
            .field("title", \.title),
            .field("body", \.body),
            .field("from", \.from),
            .field("until", \.until),
            .field("postedAt", \.postedAt),
            .field("author", \.author),
        ],
        behaviour: ValueObjectBehaviour(persistentType: .serverOnly, scope: .group)
    )
}
