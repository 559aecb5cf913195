import Foundation
import StrataCrossCutting
import StrataServerData
import StrataWire

/// The admin console's operations: changing and deleting users, sessions, devices, templates
/// and groups.
extension StoreAdminService {
    func updateUser(account: String, password: String?, disabled: Bool?) async throws -> AdminUserChange {
        try Self.checkText(account, what: "account")
        guard password != nil || disabled != nil else {
            throw ServerError(.badRequest, "nothing to change: give a new password, --disable or --enable")
        }
        if let password { try Self.checkPassword(password) }
        return try await ServerError.mapping {
            let user = try await existingUser(account)
            var hash: String?
            if let password {
                let rounds = settings.passwordRounds
                hash = try await hashing.run { try Secrets.hashPassword(password, rounds: rounds) }
            }
            let revoked = try await data.control.updateUser(id: user.id, passwordHash: hash, disabled: disabled)
            // A new password or disabling also ends the user's web console sessions: removed, not
            // only filtered out while disabled, so enabling the user again revives none of them.
            let consoleRemoved =
                hash != nil || disabled == true ? try await data.control.deleteConsoleSessions(userId: user.id) : 0
            var changed = try await adminUser(user)
            changed.disabled = disabled ?? user.disabled
            return AdminUserChange(
                user: changed, sessionsRevoked: revoked, devicesRemoved: 0, consoleSessionsRemoved: consoleRemoved)
        }
    }

    func deleteUser(account: String) async throws -> AdminUserChange {
        try Self.checkText(account, what: "account")
        return try await ServerError.mapping {
            let user = try await existingUser(account)
            let shown = try await adminUser(user)
            let removed = try await data.control.deleteUser(id: user.id)
            let consoleRemoved = try await data.control.deleteConsoleSessions(userId: user.id)
            return AdminUserChange(
                user: shown, sessionsRevoked: removed.sessions, devicesRemoved: removed.devices,
                consoleSessionsRemoved: consoleRemoved)
        }
    }

    func sessions(account: String?) async throws -> [AdminSession] {
        if let account { try Self.checkText(account, what: "account") }
        return try await ServerError.mapping {
            var userId: String?
            if let account { userId = try await existingUser(account).id }
            let now = clock.now()
            let accounts = try await accountNames()
            return try await data.control.tokens(userId: userId).filter { $0.validUntil > now }.map {
                Self.session($0, accounts: accounts)
            }
        }
    }

    func revokeSession(id: String) async throws -> AdminSession {
        guard id.count == Self.sessionIdLength, id.allSatisfy(\.isHexDigit) else {
            throw ServerError(
                .badRequest,
                "session id '\(id.prefix(40))' is not \(Self.sessionIdLength) hex digits; see `admin session list`")
        }
        let prefix = id.lowercased()
        return try await ServerError.mapping {
            guard let token = try await data.control.tokens(userId: nil).first(where: { $0.tokenHash.hasPrefix(prefix) })
            else { throw ServerError(.notFound, "no session with id \(prefix); see `admin session list`") }
            try await data.control.deleteToken(hash: token.tokenHash)
            return Self.session(token, accounts: try await accountNames())
        }
    }

    func revokeSessions(account: String) async throws -> [AdminSession] {
        try Self.checkText(account, what: "account")
        return try await ServerError.mapping {
            let user = try await existingUser(account)
            let tokens = try await data.control.tokens(userId: user.id)
            try await data.control.deleteTokens(userId: user.id)
            return tokens.map { Self.session($0, accounts: [user.id: user.account]) }
        }
    }

    func devices(account: String?) async throws -> [AdminDevice] {
        if let account { try Self.checkText(account, what: "account") }
        return try await ServerError.mapping {
            let accounts = try await accountNames()
            let devices =
                if let account {
                    try await data.control.devices(userIds: [try await existingUser(account).id])
                } else {
                    try await data.control.allDevices()
                }
            return devices.map { Self.device($0, accounts: accounts) }
        }
    }

    func revokeDevice(deviceId: String, app: (id: String, version: String)?) async throws -> AdminDevice {
        try Self.checkText(deviceId, what: "device id")
        return try await ServerError.mapping {
            let matching = try await data.control.allDevices().filter { (device: DeviceRecord) in
                guard device.deviceId == deviceId else { return false }
                guard let app else { return true }
                return device.appId == app.id && device.appVersion == app.version
            }
            guard var device = matching.first else {
                let within = app.map { " of app \($0.id) version \($0.version)" } ?? ""
                throw ServerError(.notFound, "no device \(deviceId)\(within); see `admin device list`")
            }
            guard matching.count == 1 else {
                let versions = matching.map { "\($0.appId) \($0.appVersion)" }.joined(separator: ", ")
                throw ServerError(
                    .badRequest,
                    "device \(deviceId) is registered in several app versions (\(versions)); give --app-id and --app-version")
            }
            let now = clock.now()
            try await data.control.revokeDevice(
                appId: device.appId, version: device.appVersion, deviceId: device.deviceId, at: now)
            device.revokedAt = device.revokedAt ?? now
            return Self.device(device, accounts: try await accountNames())
        }
    }

    func templates() async throws -> [AdminTemplate] {
        try await ServerError.mapping {
            try await data.control.templates().map { AdminTemplate(name: $0.name, title: $0.title, body: $0.body) }
        }
    }

    func template(named name: String) async throws -> AdminTemplate {
        try Self.checkText(name, what: "template name")
        return try await ServerError.mapping {
            guard let template = try await data.control.template(named: name) else {
                throw ServerError(.notFound, "no push template named '\(name)'; see `admin template list`")
            }
            return AdminTemplate(name: template.name, title: template.title, body: template.body)
        }
    }

    func deleteTemplate(named name: String) async throws {
        try Self.checkText(name, what: "template name")
        try await ServerError.mapping {
            do {
                try await data.control.deleteTemplate(named: name)
            } catch let error as ServerDataError where error.code == .notFound {
                throw ServerError(.notFound, "no push template named '\(name)'; see `admin template list`")
            }
        }
    }

    func deleteGroup(name: String, force: Bool) async throws -> AdminGroupDeletion {
        try Self.checkText(name, what: "group name")
        return try await ServerError.mapping {
            guard let group = try await self.group(named: name) else {
                throw ServerError(.notFound, "no group named '\(name)'; see `admin group list`")
            }
            let members = try await data.control.memberIds(groupId: group.id)
            guard members.isEmpty || force else {
                throw ServerError(
                    .conflict,
                    "group \(group.name) has \(members.count) member\(members.count == 1 ? "" : "s"); "
                        + "give --force to delete it with their memberships (the users stay)")
            }
            let removed = try await data.control.deleteGroup(id: group.id)
            return AdminGroupDeletion(group: AdminGroup(id: group.id, name: group.name), membershipsRemoved: removed)
        }
    }

    // MARK: Helpers

    /// How many hex digits of a token's SHA-256 name its session.
    static let sessionIdLength = 16

    /// The user with this account name, or `notFound` naming it.
    private func existingUser(_ account: String) async throws -> UserRecord {
        guard let user = try await StoreAuthService.user(account: account, in: data.control) else {
            throw ServerError(.notFound, "no user named '\(account)'; see `admin user list`")
        }
        return user
    }

    private func adminUser(_ user: UserRecord) async throws -> AdminUser {
        AdminUser(
            id: user.id, account: user.account,
            groups: try await data.control.memberships(userId: user.id).map(StoreAuthService.groupRole),
            disabled: user.disabled)
    }

    /// Every user's account name by id.
    private func accountNames() async throws -> [String: String] {
        Dictionary(try await data.control.users().map { ($0.id, $0.account) }, uniquingKeysWith: { first, _ in first })
    }

    private static func session(_ token: TokenRecord, accounts: [String: String]) -> AdminSession {
        AdminSession(
            id: String(token.tokenHash.prefix(sessionIdLength)), userId: token.userId, account: accounts[token.userId] ?? "",
            appId: token.appId, appVersion: token.appVersion, validUntil: token.validUntil)
    }

    private static func device(_ device: DeviceRecord, accounts: [String: String]) -> AdminDevice {
        AdminDevice(
            appId: device.appId, appVersion: device.appVersion, deviceId: device.deviceId, userId: device.userId,
            account: accounts[device.userId] ?? "", name: device.name, registeredAt: device.registeredAt,
            revokedAt: device.revokedAt)
    }
}
