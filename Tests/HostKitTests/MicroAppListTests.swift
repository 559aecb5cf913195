import StrataContainer
import StrataCrossCutting
import StrataHostKit
import Testing

/// `HostRegistry.microApps` is the one list of strata-host's micro-apps: the built-in
/// configuration's `Applications` and the `strata://` routes are made from it.
@Suite("strata-host's micro-apps: one list makes the Launcher's entries and the routes")
struct MicroAppListTests {
    @Test("the built-in configuration declares each listed micro-app, in order, with its delegate and English summary")
    func builtInApplicationsFollowTheList() throws {
        let applications = try MessageLanguage.$current.withValue(.english) { try HostConfiguration.load(path: nil).applications }
        #expect(applications.map(\.name) == HostRegistry.microApps.map { $0.name })
        #expect(applications.map(\.name) == ["Launcher", "Reports", "FollowUps", "Notifications", "Announcements", "Account", "About"])
        #expect(applications.map(\.delegateType) == HostRegistry.microApps.map { $0.delegateType })
        #expect(applications.map(\.description) == [
            "Home screen: the micro-apps", "Case reports: list, search, add, edit, delete",
            "Follow-ups: schedule, due today, overdue, done", "What strata-notifyd recorded: read, open the report",
            "Ward announcements from the server: in effect now, all, one in full",
            "Sign in and out, who is signed in, sync status, sync now", "The boot report and each service's state",
        ])
    }

    @Test("under ja the Launcher's descriptions are Japanese (Announcements has only English)")
    func builtInApplicationsInJapanese() throws {
        let applications = try MessageLanguage.$current.withValue(.japanese) { try HostConfiguration.load(path: nil).applications }
        #expect(applications.map(\.description) == [
            "ホーム画面: マイクロアプリの一覧", "症例報告: 一覧、検索、追加、編集、削除", "フォローアップ: 予定、本日期限、期限切れ、完了",
            "strata-notifyd が記録した通知: 既読、症例報告を開く", "Ward announcements from the server: in effect now, all, one in full",
            "サインイン・サインアウト、サインイン中のユーザー、同期の状態、今すぐ同期", "起動レポートと各サービスの状態",
        ])
    }

    @Test("every listed micro-app has its strata:// route")
    func routesFollowTheList() {
        #expect(HostRegistry.routes == [
            "home": "Launcher", "reports": "Reports", "follows": "FollowUps", "notifications": "Notifications",
            "announcements": "Announcements", "account": "Account", "about": "About",
        ])
        #expect(HostRegistry.routes.count == HostRegistry.microApps.count)
    }
}
