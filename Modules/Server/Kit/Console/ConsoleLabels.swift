import StrataCrossCutting

/// The console's words, in the run's language (`LANG=ja_JP.UTF-8`: Japanese): the `t` of every
/// page's context (`{{t.users}}`).
enum ConsoleLabels {
    /// Every label, by key.
    static func all() -> [String: String] {
        [
            "overview": localized("Overview", ja: "概要"),
            "users": localized("Users", ja: "ユーザー"),
            "groups": localized("Groups and roles", ja: "グループとロール"),
            "apps": localized("Apps and log levels", ja: "アプリとログレベル"),
            "push": localized("Templates and push", ja: "テンプレートとプッシュ"),
            "logs": localized("Logs", ja: "ログ"),
            "stats": localized("Stats", ja: "統計"),
            "signedInAs": localized("Signed in as", ja: "サインイン中:"),
            "signIn": localized("Sign in", ja: "サインイン"),
            "signOut": localized("Sign out", ja: "サインアウト"),
            "account": localized("Account", ja: "アカウント"),
            "password": localized("Password", ja: "パスワード"),
            "newPassword": localized("new password", ja: "新しいパスワード"),
            "setPassword": localized("Set password", ja: "パスワードを設定"),
            "group": localized("Group", ja: "グループ"),
            "role": localized("Role", ja: "ロール"),
            "status": localized("Status", ja: "状態"),
            "actions": localized("Actions", ja: "操作"),
            "create": localized("Create", ja: "作成"),
            "createUser": localized("Create a user", ja: "ユーザーを作成"),
            "createGroup": localized("Create a group", ja: "グループを作成"),
            "enable": localized("Enable", ja: "有効にする"),
            "disable": localized("Disable", ja: "無効にする"),
            "delete": localized("Delete", ja: "削除"),
            "name": localized("Name", ja: "名前"),
            "members": localized("Members", ja: "メンバー"),
            "setRole": localized("Set role", ja: "ロールを設定"),
            "remove": localized("Remove", ja: "外す"),
            "addMember": localized("Add member", ja: "メンバーを追加"),
            "withMembers": localized("with its members", ja: "メンバーごと"),
            "app": localized("App", ja: "アプリ"),
            "version": localized("Version", ja: "バージョン"),
            "logLevel": localized("Log level", ja: "ログレベル"),
            "setLogLevel": localized("Set level", ja: "レベルを設定"),
            "templates": localized("Templates", ja: "テンプレート"),
            "template": localized("Template", ja: "テンプレート"),
            "sendPush": localized("Send a push message", ja: "プッシュ通知を送信"),
            "title": localized("Title", ja: "タイトル"),
            "body": localized("Body", ja: "本文"),
            "send": localized("Send", ja: "送信"),
            "save": localized("Save", ja: "保存"),
            "saveTemplate": localized("Save a template", ja: "テンプレートを保存"),
            "level": localized("Level", ja: "レベル"),
            "user": localized("User", ja: "ユーザー"),
            "since": localized("Since", ja: "開始日"),
            "limit": localized("At most", ja: "最大件数"),
            "show": localized("Show", ja: "表示"),
            "loggedAt": localized("Logged at", ja: "記録日時"),
            "kind": localized("Kind", ja: "種類"),
            "device": localized("Device", ja: "デバイス"),
            "message": localized("Message", ja: "メッセージ"),
            "days": localized("Days", ja: "日数"),
            "day": localized("Day", ja: "日付"),
            "activeUsers": localized("Active users", ja: "アクティブユーザー"),
            "events": localized("Events", ja: "イベント"),
            "errors": localized("Errors", ja: "エラー"),
            "errorsByVersion": localized("Errors per app version", ja: "アプリバージョンごとのエラー"),
            "eventsPerDay": localized("Events per day", ja: "1日あたりのイベント"),
            "anyLevel": localized("any", ja: "すべて"),
        ]
    }

    /// The page's `lang` attribute.
    static func language() -> String { MessageLanguage.current.rawValue }
}
