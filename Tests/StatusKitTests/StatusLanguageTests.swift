import Foundation
import StrataCrossCutting
import StrataDomain
import StrataJournal
import StrataPresentation
import StrataStatusKit
import Synchronization
import Testing

@Suite("strata-status in Japanese and English")
struct StatusLanguageTests {
    static let busy = StatusSummary(reports: 12, dueToday: 2, overdue: 1, unreadNotifications: 3)
    static let synced = SyncStatus.facts(
        connectivity: .offline, server: "http://127.0.0.1:8080", pending: 2, rejected: 1, lastSyncAt: nil,
        lastError: "unreachable")

    @Test("text: Japanese labels, aligned by terminal columns, under a ja language")
    func textInJapanese() {
        let text = MessageLanguage.$current.withValue(.japanese) {
            StatusRenderer.render(Self.busy, storePresent: false, format: .text, sync: Self.synced)
        }
        #expect(
            text == """
                症例報告              12
                本日期限              2
                期限切れ              1
                未読の通知            3
                （ストアはまだありません: 記録なし）
                同期                  オフライン (http://127.0.0.1:8080)
                保留中の変更          2
                却下された変更        1
                最終同期              未同期
                最後のエラー          unreachable
                """)
    }

    @Test("text: the English labels when English is bound")
    func textInEnglish() {
        let text = MessageLanguage.$current.withValue(.english) {
            StatusRenderer.render(Self.busy, storePresent: true, format: .text, sync: Self.synced)
        }
        #expect(text.hasPrefix("reports               12\ndue today             2\n"))
        #expect(text.contains("sync                  offline (http://127.0.0.1:8080)"))
        #expect(text.contains("last sync             never"))
    }

    @Test("waybar and i3blocks: human text in Japanese, the JSON keys and the class unchanged")
    func barsTranslateOnlyTheirText() throws {
        let (waybar, i3blocks) = MessageLanguage.$current.withValue(.japanese) {
            (
                StatusRenderer.render(Self.busy, storePresent: true, format: .waybar),
                StatusRenderer.render(Self.busy, storePresent: true, format: .i3blocks)
            )
        }
        let object = try #require(JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: String])
        #expect(object["class"] == "overdue")
        #expect(object["text"] == "本日期限 2 · 期限切れ 1 · 未読 3")
        #expect(object["tooltip"]?.contains("症例報告: 12") == true)
        #expect(
            i3blocks.split(separator: "\n").map(String.init) == [
                "Strata: 症例報告 12件、本日期限 2件、期限切れ 1件、未読 3件", "本日期限 2 · 期限切れ 1 · 未読 3", "#FF5555",
            ])
    }

    @Test("json: the keys and the connectivity stay English under a ja language")
    func jsonStaysEnglish() {
        let json = MessageLanguage.$current.withValue(.japanese) {
            StatusRenderer.render(Self.busy, storePresent: true, format: .json, sync: Self.synced)
        }
        #expect(json.contains("\"connectivity\":\"offline\""))
        #expect(json.contains("\"unreadNotifications\":3"))
    }
}
