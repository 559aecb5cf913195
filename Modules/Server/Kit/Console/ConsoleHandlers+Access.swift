import Foundation
import Hummingbird
import StrataCrossCutting
import StrataServerDomain
import StrataWire

/// `/admin/sessions`, `/admin/devices` and `/admin/administrators`: what `admin session`,
/// `admin device` and `admin administrator` list and revoke.
extension ConsoleHandlers {
    /// The sessions page's values: the unexpired sessions (of `account`, when given).
    func sessionsPage(_ session: ConsoleSession, account: String? = nil) async throws -> ConsolePage {
        let sessions = try await services.admin.sessions(account: account).map { item -> [String: Any] in
            [
                "id": item.id, "account": item.account.isEmpty ? item.userId : item.account, "appId": item.appId,
                "version": item.appVersion, "validUntil": item.validUntil.formatted(.iso8601),
            ]
        }
        var values: [String: Any] = ["sessions": sessions, "filter": ["account": account ?? ""], "empty": sessions.isEmpty]
        // Filtered by an account: a button that revokes all of its sessions (`admin session revoke --user`).
        if let account { values["revokeAll"] = ["account": account] }
        return ConsolePage(template: "sessions", title: localized("Sessions", ja: "セッション"), values: values)
    }

    /// `GET /admin/sessions[?account=]`.
    func sessions(_ request: Request) async throws -> Response {
        try await page(request) { try await sessionsPage($0, account: try Self.query(["account"], in: request)["account"]) }
    }

    /// `POST /admin/sessions/revoke` (confirmed): revokes one session by its id.
    func revokeSession(_ request: Request) async throws -> Response {
        try await action(request, confirm: .revokeSession, render: { try await sessionsPage($0) }) { _, form in
            let revoked = try await services.admin.revokeSession(id: try form.required("id", label: localized("Session", ja: "セッション")))
            return localized(
                "Revoked session \(revoked.id) of \(revoked.account).", ja: "\(revoked.account) のセッション \(revoked.id) を無効にしました。")
        }
    }

    /// `POST /admin/sessions/revoke-all` (confirmed): revokes every session of one account.
    func revokeSessions(_ request: Request) async throws -> Response {
        try await action(request, confirm: .revokeSessions, render: { try await sessionsPage($0) }) { _, form in
            let account = try form.required("account", label: localized("Account", ja: "アカウント"))
            let revoked = try await services.admin.revokeSessions(account: account)
            return localized(
                "Revoked \(revoked.count) session(s) of \(account).", ja: "\(account) のセッション \(revoked.count) 件を無効にしました。")
        }
    }

    /// The devices page's values: every registered device, revoked ones included (of `account`, when given).
    func devicesPage(_ session: ConsoleSession, account: String? = nil) async throws -> ConsolePage {
        let devices = try await services.admin.devices(account: account).map { device -> [String: Any] in
            [
                "deviceId": device.deviceId, "name": device.name, "account": device.account.isEmpty ? device.userId : device.account,
                "appId": device.appId, "version": device.appVersion, "registeredAt": device.registeredAt.formatted(.iso8601),
                "revoked": device.revokedAt != nil,
                "status": device.revokedAt.map { localized("revoked \($0.formatted(.iso8601))", ja: "無効化 \($0.formatted(.iso8601))") }
                    ?? localized("active", ja: "有効"),
            ]
        }
        return ConsolePage(
            template: "devices", title: localized("Devices", ja: "デバイス"),
            values: ["devices": devices, "filter": ["account": account ?? ""], "empty": devices.isEmpty])
    }

    /// `GET /admin/devices[?account=]`.
    func devices(_ request: Request) async throws -> Response {
        try await page(request) { try await devicesPage($0, account: try Self.query(["account"], in: request)["account"]) }
    }

    /// `POST /admin/devices/revoke` (confirmed): revokes a device of one app version.
    func revokeDevice(_ request: Request) async throws -> Response {
        try await action(request, confirm: .revokeDevice, render: { try await devicesPage($0) }) { _, form in
            let device = try form.required("device", label: localized("Device", ja: "デバイス"))
            let app = try form.required("app", label: localized("App", ja: "アプリ"))
            let version = try form.required("version", label: localized("Version", ja: "バージョン"))
            let revoked = try await services.admin.revokeDevice(deviceId: device, app: (app, version))
            return localized(
                "Revoked device \(revoked.deviceId) of \(revoked.appId) \(revoked.appVersion).",
                ja: "\(revoked.appId) \(revoked.appVersion) のデバイス \(revoked.deviceId) を無効にしました。")
        }
    }

    /// The administrators page's values: the administrators, and the other accounts to grant.
    func administratorsPage(_ session: ConsoleSession) async throws -> ConsolePage {
        let administrators = try await services.admin.administrators()
        let names = Set(administrators.map(\.account))
        let rows = administrators.map { user -> [String: Any] in
            [
                "account": user.account, "groups": user.groups.map { "\($0.groupName) (\($0.roleName))" }.joined(separator: ", "),
                "self": user.account == session.account,
            ]
        }
        let others = try await services.admin.users().map(\.account).filter { !names.contains($0) }
        return ConsolePage(
            template: "administrators", title: localized("Administrators", ja: "管理者"),
            values: ["administrators": rows, "others": others])
    }

    /// `GET /admin/administrators`.
    func administrators(_ request: Request) async throws -> Response {
        try await page(request, administratorsPage)
    }

    /// `POST /admin/administrators/grant`.
    func grantAdministrator(_ request: Request) async throws -> Response {
        try await action(request, render: administratorsPage) { _, form in
            let user = try await services.admin.setAdministrator(
                account: try form.required("account", label: localized("Account", ja: "アカウント")), true)
            return localized("\(user.account) is now an administrator.", ja: "\(user.account) を管理者にしました。")
        }
    }

    /// `POST /admin/administrators/revoke` (confirmed); an administrator cannot revoke themself here.
    func revokeAdministrator(_ request: Request) async throws -> Response {
        try await action(request, confirm: .revokeAdministrator, render: administratorsPage) { session, form in
            let account = try form.required("account", label: localized("Account", ja: "アカウント"))
            if account == session.account {
                throw ConsoleFormError(
                    localized("You cannot revoke your own rights here.", ja: "自分の権限はここでは取り消せません。"))
            }
            let user = try await services.admin.setAdministrator(account: account, false)
            return localized("\(user.account) is no longer an administrator.", ja: "\(user.account) は管理者ではなくなりました。")
        }
    }
}
