#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

/// The domain's rules for an announcement draft, each throwing `invalidInput` naming the field.
enum AnnouncementRules {
    /// The longest title, in characters.
    static let maximumTitleLength = 200
    /// The longest body, in characters.
    static let maximumBodyLength = 4_000
    /// What an announcement id is, for messages.
    static let expectedID = "an id printed by 'announcements' or 'announcements post'"

    /// The announcement `draft` describes, posted `now`: the trimmed title and body, `from`
    /// (default now) and `until` (default `from` + `defaultDuration`) checked.
    static func announcement(_ draft: AnnouncementDraft, now: Date, defaultDuration: TimeInterval) throws -> Announcement {
        let title = InputRules.trimmed(draft.title)
        guard !title.isEmpty else {
            throw DomainError.invalidInput(
                localized(
                    "title is empty; expected a title of 1 to \(maximumTitleLength) characters",
                    ja: "title が空です。1〜\(maximumTitleLength) 文字のタイトルを指定してください"))
        }
        try InputRules.oneLine(title, field: "title")
        guard title.count <= maximumTitleLength else {
            throw DomainError.invalidInput(
                localized(
                    "title is \(title.count) characters long; expected at most \(maximumTitleLength)",
                    ja: "title が \(title.count) 文字あります。\(maximumTitleLength) 文字以内にしてください"))
        }
        let body = try InputRules.memo(draft.body, field: "body")
        guard body.count <= maximumBodyLength else {
            throw DomainError.invalidInput(
                localized(
                    "body is \(body.count) characters long; expected at most \(maximumBodyLength)",
                    ja: "body が \(body.count) 文字あります。\(maximumBodyLength) 文字以内にしてください"))
        }
        let from = draft.from ?? now
        let until = draft.until ?? from.addingTimeInterval(defaultDuration)
        guard until > from else {
            throw DomainError.invalidInput(
                localized(
                    "until (\(DayText.instant(until))) is not after from (\(DayText.instant(from))); expected an end after the start",
                    ja: "until（\(DayText.instant(until))）が from（\(DayText.instant(from))）より後ではありません。開始より後の終了を指定してください"))
        }
        var announcement = Announcement()
        announcement.title = title
        announcement.body = body
        announcement.from = from
        announcement.until = until
        announcement.postedAt = now
        return announcement
    }
}
