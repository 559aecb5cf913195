import StrataContainer
import StrataCrossCutting
import StrataDomain

/// What the Announcements micro-app prints, in the run's language.
enum AnnouncementText {
    /// A page of announcements as a table, with its heading and what to do next: the lines
    /// of ``listLayout(_:all:page:)``.
    static func list(_ page: AnnouncementPage, all: Bool, page request: PageRequest) -> [String] {
        listLayout(page, all: all, page: request).lines
    }

    /// A page of announcements laid out for a list screen: the heading and the table's header
    /// row above, one row per announcement (`show N` opens it), the next page's hint below.
    static func listLayout(_ page: AnnouncementPage, all: Bool, page request: PageRequest) -> ScreenLayout {
        var header = [
            all
                ? localized(
                    "All announcements, newest first (page \(request.index))",
                    ja: "すべてのお知らせ（新しい順、\(request.index) ページ）")
                : localized(
                    "Announcements in effect now, newest first (page \(request.index))",
                    ja: "現在有効なお知らせ（新しい順、\(request.index) ページ）")
        ]
        if page.announcements.isEmpty {
            header.append(
                request.index > 1
                    ? localized("No more announcements.", ja: "これ以上お知らせはありません。")
                    : all
                        ? localized("No announcements.", ja: "お知らせはありません。")
                        : localized("No announcements in effect now.", ja: "現在有効なお知らせはありません。"))
            return ScreenLayout(header: header)
        }
        var table = TextTable(
            headers: [
                "#", localized("TITLE", ja: "タイトル"), localized("FROM", ja: "開始"), localized("UNTIL", ja: "終了"),
                localized("BY", ja: "投稿者"), "ID",
            ],
            alignments: [.right, .left])
        table.rows = page.announcements.enumerated().map { index, announcement in
            [
                String(index + 1), announcement.title, DayText.instant(announcement.from), DayText.instant(announcement.until),
                announcement.author, announcement.objectId ?? "",
            ]
        }
        let lines = table.renderedLines()
        header.append(lines.first ?? "")
        let items = page.announcements.enumerated().map { index, announcement in
            ScreenItem(
                id: announcement.objectId ?? "row \(index + 1)", text: index + 1 < lines.count ? lines[index + 1] : "",
                command: "show \(index + 1)")
        }
        var footer: [String] = []
        if page.hasMore {
            footer.append(
                localized("More on page \(request.index + 1).", ja: "続きは \(request.index + 1) ページにあります。"))
        }
        return ScreenLayout(header: header, items: items, footer: footer)
    }

    /// One announcement in full.
    static func detail(_ announcement: Announcement) -> [String] {
        [
            announcement.title,
            "",
            announcement.body,
            "",
            localized(
                "In effect from \(DayText.instant(announcement.from)) until \(DayText.instant(announcement.until))",
                ja: "有効期間: \(DayText.instant(announcement.from)) から \(DayText.instant(announcement.until)) まで"),
            localized(
                "Posted \(DayText.instant(announcement.postedAt)) by \(announcement.author)",
                ja: "投稿: \(DayText.instant(announcement.postedAt))（\(announcement.author)）"),
            "ID: \(announcement.objectId ?? "")",
        ]
    }

    /// The one line an error is on a screen: a Strata error's message (the remote store's
    /// `offline`, `notSignedIn`, `unreachable` lines), any other error in words, never a Swift
    /// debug dump (`ErrorText.readable(_:)`).
    static func failure(_ error: any Error) -> String {
        ErrorText.readable(error)
    }
}
