import Hummingbird
import StrataCrossCutting
import StrataServerDomain

/// A destructive console action and its confirmation page: the list pages' buttons only ask
/// (`GET /admin/confirm?action=…`, which changes nothing); the page says what will go and that
/// it cannot be undone, and its form posts the action with `confirm=yes` and the session's
/// CSRF token. The action's handler refuses a form without `confirm=yes`.
struct ConsoleConfirmation: Sendable {
    /// The `action` query value that names it.
    let key: String
    /// Where its form posts.
    let path: String
    /// The form fields it carries over, each required unless listed in ``optionalFields``.
    let fields: [String]
    /// Fields that may be absent (a checkbox).
    var optionalFields: [String] = []
    /// Where "Cancel" goes.
    let back: String
    /// The question, from the fields' values.
    let question: @Sendable ([String: String]) -> String
    /// The button's label.
    let button: @Sendable () -> String

    /// Every confirmable action, by key.
    static let all: [String: ConsoleConfirmation] = Dictionary(
        uniqueKeysWithValues: [
            deleteUser, deleteGroup, removeMember, deleteTemplate, revokeSession, revokeSessions, revokeDevice, revokeAdministrator,
        ]
            .map { ($0.key, $0) })

    static let deleteUser = ConsoleConfirmation(
        key: "delete-user", path: "/admin/users/delete", fields: ["account"], back: "/admin/users",
        question: { values in
            localized(
                "Delete user \(values["account"] ?? "")? This cannot be undone: their sessions, memberships and devices go with them.",
                ja: "ユーザー \(values["account"] ?? "") を削除しますか？元に戻せません。セッション、メンバーシップ、デバイスも削除されます。")
        }, button: { localized("Delete user", ja: "ユーザーを削除") })

    static let deleteGroup = ConsoleConfirmation(
        key: "delete-group", path: "/admin/groups/delete", fields: ["name", "force"], optionalFields: ["force"],
        back: "/admin/groups",
        question: { values in
            values["force"] == nil
                ? localized(
                    "Delete group \(values["name"] ?? "")? This cannot be undone.",
                    ja: "グループ \(values["name"] ?? "") を削除しますか？元に戻せません。")
                : localized(
                    "Delete group \(values["name"] ?? "") with its members' memberships? This cannot be undone (the users stay).",
                    ja: "グループ \(values["name"] ?? "") をメンバーシップごと削除しますか？元に戻せません（ユーザーは残ります）。")
        }, button: { localized("Delete group", ja: "グループを削除") })

    static let removeMember = ConsoleConfirmation(
        key: "remove-member", path: "/admin/groups/remove-member", fields: ["group", "account"], back: "/admin/groups",
        question: { values in
            localized(
                "Remove \(values["account"] ?? "") from \(values["group"] ?? "")? They lose what the group's scope shows them.",
                ja: "\(values["account"] ?? "") を \(values["group"] ?? "") から外しますか？グループで共有されたデータが見えなくなります。")
        }, button: { localized("Remove member", ja: "メンバーを外す") })

    static let deleteTemplate = ConsoleConfirmation(
        key: "delete-template", path: "/admin/push/templates/delete", fields: ["name"], back: "/admin/push",
        question: { values in
            localized(
                "Delete template \(values["name"] ?? "")? This cannot be undone.",
                ja: "テンプレート \(values["name"] ?? "") を削除しますか？元に戻せません。")
        }, button: { localized("Delete template", ja: "テンプレートを削除") })

    static let revokeSession = ConsoleConfirmation(
        key: "revoke-session", path: "/admin/sessions/revoke", fields: ["id", "account"], optionalFields: ["account"],
        back: "/admin/sessions",
        question: { values in
            localized(
                "Revoke session \(values["id"] ?? "") of \(values["account"] ?? "?")? Its app must sign in again.",
                ja: "\(values["account"] ?? "?") のセッション \(values["id"] ?? "") を無効にしますか？アプリは再度サインインが必要です。")
        }, button: { localized("Revoke session", ja: "セッションを無効化") })

    static let revokeSessions = ConsoleConfirmation(
        key: "revoke-sessions", path: "/admin/sessions/revoke-all", fields: ["account"], back: "/admin/sessions",
        question: { values in
            localized(
                "Revoke every session of \(values["account"] ?? "")? Each of their apps must sign in again.",
                ja: "\(values["account"] ?? "") のすべてのセッションを無効にしますか？各アプリで再度サインインが必要です。")
        }, button: { localized("Revoke all", ja: "すべて無効化") })

    static let revokeDevice = ConsoleConfirmation(
        key: "revoke-device", path: "/admin/devices/revoke", fields: ["device", "app", "version"], back: "/admin/devices",
        question: { values in
            localized(
                "Revoke device \(values["device"] ?? "") of \(values["app"] ?? "") \(values["version"] ?? "")? "
                    + "It gets no more push messages and cannot register again. This cannot be undone.",
                ja: "\(values["app"] ?? "") \(values["version"] ?? "") のデバイス \(values["device"] ?? "") を無効にしますか？"
                    + "プッシュ通知は届かなくなり、再登録もできません。元に戻せません。")
        }, button: { localized("Revoke device", ja: "デバイスを無効化") })

    static let revokeAdministrator = ConsoleConfirmation(
        key: "revoke-administrator", path: "/admin/administrators/revoke", fields: ["account"], back: "/admin/administrators",
        question: { values in
            localized(
                "Revoke the administrator rights of \(values["account"] ?? "")? Their console sessions end.",
                ja: "\(values["account"] ?? "") の管理者権限を取り消しますか？コンソールのセッションは終了します。")
        }, button: { localized("Revoke rights", ja: "権限を取り消す") })

    /// The confirmation page of this action for `values` (the fields it carries; others are dropped).
    func page(_ values: [String: String]) -> ConsolePage {
        let kept = fields.compactMap { name in values[name].map { (name, $0) } }
        return ConsolePage(
            template: "confirm", title: localized("Confirm", ja: "確認"),
            values: [
                "question": question(Dictionary(uniqueKeysWithValues: kept)), "path": path, "back": back,
                "button": button(), "fields": kept.map { ["name": $0.0, "value": $0.1] },
            ])
    }
}

extension ConsoleHandlers {
    /// `GET /admin/confirm?action=KEY&…`: the confirmation page of a destructive action (it
    /// changes nothing); an unknown action or a missing field is a 400 page.
    func confirm(_ request: Request) async throws -> Response {
        try await page(request) { _ in
            let key = try Self.query(["action"], in: request)["action"] ?? ""
            guard let confirmation = ConsoleConfirmation.all[key] else {
                throw ConsoleFormError(
                    localized("there is nothing to confirm named '\(key.prefix(40))'", ja: "確認する操作 '\(key.prefix(40))' はありません"))
            }
            let values = try Self.query(confirmation.fields, in: request)
            for field in confirmation.fields where values[field] == nil && !confirmation.optionalFields.contains(field) {
                throw ConsoleFormError(localized("the field \(field) is missing", ja: "項目 \(field) がありません"))
            }
            return confirmation.page(values)
        }
    }
}
