import Hummingbird
import StrataCrossCutting
import StrataServerDomain

/// `/admin/groups`: create and delete groups, add and remove members, set roles.
extension ConsoleHandlers {
    /// The groups page's values: every group with its members, and the accounts to add.
    func groupsPage(_ session: ConsoleSession) async throws -> ConsolePage {
        var groups: [[String: Any]] = []
        for group in try await services.admin.groups() {
            let members = try await services.admin.members(group: group.name).map { member -> [String: Any] in
                ["account": member.account, "role": member.role, "group": group.name, "lead": member.role == "lead"]
            }
            groups.append(["name": group.name, "members": members])
        }
        let accounts = try await services.admin.users().map(\.account)
        return ConsolePage(
            template: "groups", title: localized("Groups and roles", ja: "グループとロール"),
            values: ["groups": groups, "accounts": accounts])
    }

    /// `GET /admin/groups`.
    func groups(_ request: Request) async throws -> Response {
        try await page(request, groupsPage)
    }

    /// `POST /admin/groups`: creates a group.
    func createGroup(_ request: Request) async throws -> Response {
        try await action(request, render: groupsPage) { _, form in
            let group = try await services.admin.createGroup(name: try form.required("name", label: localized("Name", ja: "名前")))
            return localized("Created group \(group.name).", ja: "グループ \(group.name) を作成しました。")
        }
    }

    /// `POST /admin/groups/delete`: deletes a group (with its memberships when `force` is checked).
    func deleteGroup(_ request: Request) async throws -> Response {
        try await action(request, confirm: .deleteGroup, render: groupsPage) { _, form in
            let name = try form.required("name", label: localized("Group", ja: "グループ"))
            let deletion = try await services.admin.deleteGroup(name: name, force: form.optional("force") != nil)
            return localized(
                "Deleted group \(deletion.group.name) and \(deletion.membershipsRemoved) membership(s).",
                ja: "グループ \(deletion.group.name) とメンバーシップ \(deletion.membershipsRemoved) 件を削除しました。")
        }
    }

    /// `POST /admin/groups/add-member`.
    func addMember(_ request: Request) async throws -> Response {
        try await action(request, render: groupsPage) { _, form in
            let (group, account) = try Self.membership(form)
            let role = try form.choice("role", label: localized("Role", ja: "ロール"), in: ["member", "lead"])
            let member = try await services.admin.addMember(group: group, account: account, role: role)
            return localized(
                "Added \(member.account) to \(member.group) as \(member.role).",
                ja: "\(member.account) を \(member.group) に \(member.role) として追加しました。")
        }
    }

    /// `POST /admin/groups/remove-member`.
    func removeMember(_ request: Request) async throws -> Response {
        try await action(request, confirm: .removeMember, render: groupsPage) { _, form in
            let (group, account) = try Self.membership(form)
            let member = try await services.admin.removeMember(group: group, account: account)
            return localized("Removed \(member.account) from \(member.group).", ja: "\(member.account) を \(member.group) から外しました。")
        }
    }

    /// `POST /admin/groups/role`.
    func setRole(_ request: Request) async throws -> Response {
        try await action(request, render: groupsPage) { _, form in
            let (group, account) = try Self.membership(form)
            let role = try form.choice("role", label: localized("Role", ja: "ロール"), in: ["member", "lead"])
            let member = try await services.admin.setRole(group: group, account: account, role: role)
            return localized(
                "\(member.account) is now \(member.role) of \(member.group).",
                ja: "\(member.account) は \(member.group) の \(member.role) になりました。")
        }
    }

    /// A membership form's group and account.
    static func membership(_ form: ConsoleForm) throws -> (group: String, account: String) {
        (
            try form.required("group", label: localized("Group", ja: "グループ")),
            try form.required("account", label: localized("Account", ja: "アカウント"))
        )
    }
}
