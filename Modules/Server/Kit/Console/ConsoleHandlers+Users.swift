import Hummingbird
import StrataCrossCutting
import StrataServerDomain
import StrataWire

/// `/admin/users`: create, set a password, disable, enable, delete.
extension ConsoleHandlers {
    /// The users page's values: every user with their groups, and the groups to pick from.
    func usersPage(_ session: ConsoleSession) async throws -> ConsolePage {
        let users = try await services.admin.users().map { user -> [String: Any] in
            [
                "account": user.account,
                "groups": user.groups.map { "\($0.groupName) (\($0.roleName))" }.joined(separator: ", "),
                "disabled": user.disabled,
                "status": user.disabled ? localized("disabled", ja: "無効") : localized("enabled", ja: "有効"),
            ]
        }
        let groups = try await services.admin.groups().map { ["name": $0.name] }
        return ConsolePage(template: "users", title: localized("Users", ja: "ユーザー"), values: ["users": users, "groups": groups])
    }

    /// `GET /admin/users`.
    func users(_ request: Request) async throws -> Response {
        try await page(request, usersPage)
    }

    /// `POST /admin/users`: creates a user, with a first group and role when a group is picked.
    func createUser(_ request: Request) async throws -> Response {
        try await action(request, render: usersPage) { _, form in
            let account = try form.required("account", label: localized("Account", ja: "アカウント"))
            let password = try form.required("password", label: localized("Password", ja: "パスワード"))
            var memberships: [(group: String, role: String)] = []
            if let group = form.optional("group") {
                let role = form.optional("role") == nil
                    ? "member" : try form.choice("role", label: localized("Role", ja: "ロール"), in: ["member", "lead"])
                memberships.append((group, role))
            }
            let user = try await services.admin.createUser(account: account, password: password, memberships: memberships)
            return localized("Created user \(user.account).", ja: "ユーザー \(user.account) を作成しました。")
        }
    }

    /// `POST /admin/users/password`: sets a user's password (their sessions end).
    func setPassword(_ request: Request) async throws -> Response {
        try await action(request, render: usersPage) { _, form in
            let account = try form.required("account", label: localized("Account", ja: "アカウント"))
            let password = try form.required("password", label: localized("New password", ja: "新しいパスワード"))
            let change = try await services.admin.updateUser(account: account, password: password, disabled: nil)
            return localized(
                "Set the password of \(change.user.account); \(change.sessionsRevoked) session(s) ended.",
                ja: "\(change.user.account) のパスワードを設定しました。セッション \(change.sessionsRevoked) 件を終了しました。")
        }
    }

    /// `POST /admin/users/disable` and `/admin/users/enable`.
    func setDisabled(_ request: Request, _ disabled: Bool) async throws -> Response {
        try await action(request, render: usersPage) { session, form in
            let account = try form.required("account", label: localized("Account", ja: "アカウント"))
            if disabled, account == session.account {
                throw ConsoleFormError(
                    localized("You cannot disable your own account here.", ja: "自分のアカウントはここでは無効にできません。"))
            }
            let change = try await services.admin.updateUser(account: account, password: nil, disabled: disabled)
            return disabled
                ? localized(
                    "Disabled \(change.user.account); \(change.sessionsRevoked) session(s) ended.",
                    ja: "\(change.user.account) を無効にしました。セッション \(change.sessionsRevoked) 件を終了しました。")
                : localized("Enabled \(change.user.account).", ja: "\(change.user.account) を有効にしました。")
        }
    }

    /// `POST /admin/users/delete` (confirmed: ``ConsoleConfirmation/deleteUser``).
    func deleteUser(_ request: Request) async throws -> Response {
        try await action(request, confirm: .deleteUser, render: usersPage) { session, form in
            let account = try form.required("account", label: localized("Account", ja: "アカウント"))
            if account == session.account {
                throw ConsoleFormError(
                    localized("You cannot delete your own account here.", ja: "自分のアカウントはここでは削除できません。"))
            }
            let change = try await services.admin.deleteUser(account: account)
            return localized(
                "Deleted \(change.user.account) with \(change.sessionsRevoked) session(s) and \(change.devicesRemoved) device(s).",
                ja: "\(change.user.account) を削除しました（セッション \(change.sessionsRevoked) 件、デバイス \(change.devicesRemoved) 台）。")
        }
    }
}
