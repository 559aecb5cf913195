import Foundation
import StrataCrossCutting
import StrataDomain

/// The JSON shape of an announcement (`format=json`, `--json`): `id`, `title`, `body`, `from`,
/// `until` and `postedAt` (ISO 8601 instants in UTC), `author`. Every key is always present.
struct AnnouncementJSON: Encodable, Equatable {
    var id: String
    var title: String
    var body: String
    var from: String
    var until: String
    var postedAt: String
    var author: String

    init(_ announcement: Announcement) {
        id = announcement.objectId ?? ""
        title = announcement.title
        body = announcement.body
        from = DayText.instant(announcement.from)
        until = DayText.instant(announcement.until)
        postedAt = DayText.instant(announcement.postedAt)
        author = announcement.author
    }
}
