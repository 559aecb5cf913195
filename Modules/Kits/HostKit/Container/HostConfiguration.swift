import Foundation
public import StrataContainer
import StrataCrossCutting

/// `strata-host`'s micro-apps and services: the built-in configuration (a property list compiled
/// into the kit), or a file given with `--config`.
public enum HostConfiguration {
    /// The name the built-in configuration is reported under in error messages.
    public static let builtInSource = "strata-host (built-in configuration)"

    /// The built-in configuration, in the seed's property-list format.
    ///
    /// Services: `clock` and `domain` start first; `announcements` (read from the server on
    /// demand) is created on its first lookup; the login-state service `session` (the
    /// container's `SessionService`) starts through the `[AUTOSTART]` group `accounts`, then the
    /// `inbox` of the Notifications micro-app, the two store watchers, the background `sync` and
    /// `handoff` (the socket `strata-host open` hands URLs to) through the group `live` — only in
    /// an interactive run (a scripted run boots without
    /// autostart groups, and creates the lazy `session` on its first lookup).
    ///
    /// The micro-apps' descriptions (what the Launcher shows) are in the current
    /// `MessageLanguage`: Japanese under a `ja` locale.
    public static var propertyList: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
            <key>Launcher</key><string>Launcher</string>
            <key>Applications</key>
            <array>
                <dict><key>name</key><string>Launcher</string>
                    <key>description</key><string>\(localized("Home screen: the micro-apps", ja: "ホーム画面: マイクロアプリの一覧"))</string>
                    <key>delegate</key><string>LauncherDelegate</string></dict>
                <dict><key>name</key><string>Reports</string>
                    <key>description</key><string>\(localized("Case reports: list, search, add, edit, delete", ja: "症例報告: 一覧、検索、追加、編集、削除"))</string>
                    <key>delegate</key><string>ReportsDelegate</string></dict>
                <dict><key>name</key><string>FollowUps</string>
                    <key>description</key><string>\(localized("Follow-ups: schedule, due today, overdue, done", ja: "フォローアップ: 予定、本日期限、期限切れ、完了"))</string>
                    <key>delegate</key><string>FollowUpsDelegate</string></dict>
                <dict><key>name</key><string>Notifications</string>
                    <key>description</key><string>\(localized("What strata-notifyd recorded: read, open the report", ja: "strata-notifyd が記録した通知: 既読、症例報告を開く"))</string>
                    <key>delegate</key><string>NotificationsDelegate</string></dict>
                <dict><key>name</key><string>Announcements</string>
                    <key>description</key><string>Ward announcements from the server: in effect now, all, one in full</string>
                    <key>delegate</key><string>AnnouncementsDelegate</string></dict>
                <dict><key>name</key><string>Account</string>
                    <key>description</key><string>\(localized("Sign in and out, who is signed in, sync status, sync now", ja: "サインイン・サインアウト、サインイン中のユーザー、同期の状態、今すぐ同期"))</string>
                    <key>delegate</key><string>AccountDelegate</string></dict>
                <dict><key>name</key><string>About</string>
                    <key>description</key><string>\(localized("The boot report and each service's state", ja: "起動レポートと各サービスの状態"))</string>
                    <key>delegate</key><string>AboutDelegate</string></dict>
            </array>
            <key>Services</key>
            <array>
                <dict><key>name</key><string>clock</string><key>class</key><string>ClockService</string>
                    <key>startsFirst</key><true/></dict>
                <dict><key>name</key><string>domain</string><key>class</key><string>DomainService</string>
                    <key>startsFirst</key><true/></dict>
                <dict><key>name</key><string>announcements</string><key>class</key><string>AnnouncementService</string>
                    <key>lazyLoading</key><true/></dict>
                <dict><key>name</key><string>inbox</string><key>class</key><string>NotificationInbox</string>
                    <key>lazyLoading</key><true/></dict>
                <dict><key>name</key><string>notificationWatcher</string><key>class</key><string>NotificationWatcher</string>
                    <key>lazyLoading</key><true/>
                    <key>dependencies</key><array><string>domain</string><string>inbox</string></array>
                    <key>onFailure</key><string>continue</string></dict>
                <dict><key>name</key><string>followUpWatcher</string><key>class</key><string>FollowUpWatcher</string>
                    <key>lazyLoading</key><true/>
                    <key>dependencies</key><array><string>domain</string><string>clock</string><string>inbox</string></array>
                    <key>onFailure</key><string>continue</string></dict>
                <dict><key>name</key><string>session</string><key>class</key><string>SessionService</string>
                    <key>lazyLoading</key><true/>
                    <key>onFailure</key><string>continue</string></dict>
                <dict><key>name</key><string>sync</string><key>class</key><string>BackgroundSync</string>
                    <key>lazyLoading</key><true/>
                    <key>onFailure</key><string>continue</string></dict>
                <dict><key>name</key><string>handoff</string><key>class</key><string>HandoffListener</string>
                    <key>lazyLoading</key><true/>
                    <key>onFailure</key><string>continue</string></dict>
            </array>
            <key>ServicesMap</key>
            <dict>
                <key>[AUTOSTART]</key><array><string>accounts</string><string>live</string></array>
                <key>accounts</key><array><string>session</string></array>
                <key>live</key><array><string>inbox</string><string>notificationWatcher</string><string>followUpWatcher</string><string>sync</string><string>handoff</string></array>
            </dict>
            <key>Settings</key>
            <dict><key>shutdownDeadlineSeconds</key><integer>5</integer></dict>
        </dict>
        </plist>
        """
    }

    /// The configuration to boot: the file at `path` (`.plist` or `.json`), else the built-in one.
    ///
    /// - Throws: ``ContainerError`` naming the file and key.
    public static func load(path: String?) throws -> ContainerConfiguration {
        if let path { return try ContainerConfiguration.load(from: URL(fileURLWithPath: path)) }
        return try ContainerConfiguration.decode(
            Foundation.Data(propertyList.utf8), format: .propertyList, source: builtInSource)
    }
}
