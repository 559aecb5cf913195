import ArgumentParser
import Foundation
import StrataCrossCutting
import StrataDomain
import StrataSession
import StrataSync

extension AnnouncementsCommand {
    /// `announcements post`: a new announcement for the signed-in lead's group, sent at once.
    struct Post: ParsableCommand, HostSubcommand {
        static let configuration = CommandConfiguration(
            commandName: "post",
            abstract: "Post an announcement for your group (a lead of the group only), and send it at once.",
            discussion: """
                The announcement is saved, then sent with a sync; a member's post comes back refused with \
                the server's reason (and waits in 'strata-host sync rejected'). --from defaults to now, \
                --until to a week after --from.

                Examples:
                  strata-host announcements post --title "Ward meeting" --body "Friday 15:00, room 2"
                  strata-host announcements post --title "Flu vaccinations" --body "Bring your card" --from "$(date -I -d '+1 day')" --until "$(date -I -d '+15 days')"
                """
        )

        @Option(help: ArgumentHelp("The headline: one line, 1 to 200 characters.", valueName: "text"))
        var title: String

        @Option(help: ArgumentHelp("The text (at most 4,000 characters).", valueName: "text"))
        var body: String

        @Option(help: ArgumentHelp("When it comes into effect: YYYY-MM-DD or an ISO 8601 instant (default: now).", valueName: "date"))
        var from: String?

        @Option(help: ArgumentHelp("When it ends: YYYY-MM-DD or an ISO 8601 instant (default: a week after --from).", valueName: "date"))
        var until: String?

        @Flag(help: "Print the posted announcement as one JSON object.")
        var json = false

        @OptionGroup var global: GlobalOptions

        func request(_ context: HostContext) throws -> HostRequest {
            let draft = AnnouncementDraft(
                title: title, body: body, from: try from.map { try context.day($0, what: "--from") },
                until: try until.map { try context.day($0, what: "--until") })
            // Bad fields are refused (exit 64) before anything asks whether a server is there.
            try draft.check(now: context.clock.now())
            let (board, sync, session, json) = (context.announcements, context.sync, context.session, json)
            return .task {
                guard let board, let sync, sync.isConfigured else { throw Self.offline }
                guard let info = try await session?.current() else {
                    throw SyncError(
                        .notSignedIn,
                        localized(
                            "cannot post an announcement: nobody is signed in (or the session expired); log in first",
                            ja: "お知らせを投稿できません: サインインしていません（またはセッションの期限が切れました）。先にログインしてください"))
                }
                let posted = try await board.post(draft, author: info.account)
                let id = posted.objectId ?? ""
                do {
                    _ = try await sync.syncNow()
                } catch {
                    throw SyncError(
                        (error as? SyncError)?.code ?? .unreachable,
                        localized(
                            "announcement \(id) is saved but not yet sent: \((error as? any StrataError)?.message ?? "\(error)"); "
                                + "the next sync sends it",
                            ja: "お知らせ \(id) は保存しましたが、まだ送信していません: \((error as? any StrataError)?.message ?? "\(error)")。"
                                + "次の同期で送信します"))
                }
                if let reason = try await board.refusal(of: id) {
                    throw SyncError(
                        .serverError,
                        localized(
                            "the server refused announcement \(id): \(reason); see 'strata-host sync rejected'",
                            ja: "サーバーはお知らせ \(id) を拒否しました: \(reason)。'strata-host sync rejected' を参照してください"))
                }
                if json { return JSONLineText.announcement(posted) }
                return localized(
                    "Posted announcement \(id): \(posted.title) (in effect \(DayText.instant(posted.from)) until \(DayText.instant(posted.until))).",
                    ja: "お知らせ \(id) を投稿しました: \(posted.title)（有効期間 \(DayText.instant(posted.from)) から \(DayText.instant(posted.until)) まで）。")
            }
        }

        /// What `post` throws without a server.
        static var offline: SyncError {
            SyncError(
                .offline,
                localized(
                    "cannot post an announcement: no server configured; set STRATA_SERVER_URL (and STRATA_APP_KEY) and log in",
                    ja: "お知らせを投稿できません: サーバーが設定されていません。STRATA_SERVER_URL（と STRATA_APP_KEY）を設定してログインしてください"))
        }
    }
}

/// The posted announcement as one JSON object (the keys of `announcements --json`).
enum JSONLineText {
    static func announcement(_ announcement: Announcement) -> String {
        let object: [String: String] = [
            "id": announcement.objectId ?? "", "title": announcement.title, "body": announcement.body,
            "from": DayText.instant(announcement.from), "until": DayText.instant(announcement.until),
            "postedAt": DayText.instant(announcement.postedAt), "author": announcement.author,
        ]
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
