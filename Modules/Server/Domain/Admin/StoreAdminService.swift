import Foundation
import StrataCrossCutting
import StrataServerData
import StrataWire

/// The ``AdminService`` over the control store.
struct StoreAdminService: AdminService {
    let data: any ServerDataLayer
    let clock: any StrataClock
    let settings: ServerSettings
    /// Wakes the polls of the devices a push reaches.
    let arrivals: PushArrivals
    /// Where new passwords are hashed (off the cooperative pool).
    let hashing: any PasswordHashing = DispatchHashing()

    func createGroup(name: String) async throws -> AdminGroup {
        try Self.checkText(name, what: "group name")
        let name = TextRules.canonical(name)
        let group = GroupRecord(id: UUID().uuidString.lowercased(), name: name)
        try await ServerError.mapping { try await data.control.createGroup(group) }
        return AdminGroup(id: group.id, name: group.name)
    }

    func groups() async throws -> [AdminGroup] {
        try await ServerError.mapping { try await data.control.groups().map { AdminGroup(id: $0.id, name: $0.name) } }
    }

    func createUser(account: String, password: String, memberships: [(group: String, role: String)]) async throws -> AdminUser {
        try Self.checkText(account, what: "account")
        let account = TextRules.canonical(account)
        try Self.checkPassword(password)
        return try await ServerError.mapping {
            let userId = UUID().uuidString.lowercased()
            var records: [MembershipRecord] = []
            for membership in memberships {
                try Self.checkText(membership.group, what: "group name")
                try Self.checkRole(membership.role)
                guard let group = try await self.group(named: membership.group) else {
                    throw ServerError(.notFound, "no group named '\(membership.group)'; create it with `admin group create`")
                }
                records.append(MembershipRecord(userId: userId, groupId: group.id, groupName: group.name, role: membership.role))
            }
            let rounds = settings.passwordRounds
            let hash = try await hashing.run { try Secrets.hashPassword(password, rounds: rounds) }
            try await data.control.createUser(UserRecord(id: userId, account: account, passwordHash: hash), memberships: records)
            return AdminUser(id: userId, account: account, groups: records.map(StoreAuthService.groupRole))
        }
    }

    func users() async throws -> [AdminUser] {
        try await ServerError.mapping {
            var users: [AdminUser] = []
            for user in try await data.control.users() {
                users.append(
                    AdminUser(
                        id: user.id, account: user.account,
                        groups: try await data.control.memberships(userId: user.id).map(StoreAuthService.groupRole),
                        disabled: user.disabled))
            }
            return users
        }
    }

    func createApp(appId: String, version: String, logLevel: String) async throws -> CreatedApp {
        try Self.checkLogLevel(logLevel)
        return try await ServerError.mapping {
            _ = try await data.appStore(appId: appId, version: version)  // checks the names and creates the database
            let key = Secrets.newSecret()
            try await data.control.createApp(
                AppRecord(appId: appId, version: version, keyHash: Secrets.sha256Hex(key), logLevel: logLevel))
            return CreatedApp(app: AdminApp(appId: appId, version: version, logLevel: logLevel), appKey: key)
        }
    }

    func apps() async throws -> [AdminApp] {
        try await ServerError.mapping {
            try await data.control.apps().map { AdminApp(appId: $0.appId, version: $0.version, logLevel: $0.logLevel) }
        }
    }

    func setLogLevel(appId: String, version: String, level: String) async throws {
        try Self.checkLogLevel(level)
        try await ServerError.mapping { try await data.control.setLogLevel(appId: appId, version: version, level: level) }
    }

    func saveTemplate(name: String, title: String, body: String) async throws {
        try Self.checkText(name, what: "template name")
        try TextRules.checkFreeText(title, field: "the title")
        try TextRules.checkFreeText(body, field: "the body")
        try await ServerError.mapping { try await data.control.saveTemplate(PushTemplate(name: name, title: title, body: body)) }
    }

    func sendPush(group: String, title: String?, body: String?, template: String?, app: (id: String, version: String)?)
        async throws -> Int
    {
        try Self.checkText(group, what: "group name")
        if let template { try Self.checkText(template, what: "template name") }
        try TextRules.checkFreeText(title ?? "", field: "the title")
        try TextRules.checkFreeText(body ?? "", field: "the body")
        return try await ServerError.mapping {
            guard let found = try await self.group(named: group) else {
                throw ServerError(.notFound, "no group named '\(group)'")
            }
            let text: (title: String, body: String)
            if let template {
                guard let saved = try await data.control.template(named: template) else {
                    throw ServerError(.notFound, "no push template named '\(template)'; save it with `admin template save`")
                }
                text = (saved.title, saved.body)
            } else if let body {
                text = (title ?? "", body)
            } else {
                throw ServerError(.badRequest, "a push needs --body (and optionally --title) or --template")
            }
            let devices = try await data.control.devices(userIds: try await data.control.memberIds(groupId: found.id))
                .filter { device in app.map { device.appId == $0.id && device.appVersion == $0.version } ?? true }
                .filter { $0.revokedAt == nil }
            let id = UUID().uuidString.lowercased()
            let now = clock.now()
            let sent = try await data.control.appendPushMessages(
                devices.map { NewPushMessage(device: $0, id: id, title: text.title, body: text.body, sentAt: now) })
            arrivals.arrived(
                on: devices.map { PushChannel(appId: $0.appId, appVersion: $0.appVersion, deviceId: $0.deviceId) })
            return sent.count
        }
    }

    /// The group named `name` in its canonical form (NFC, as names are stored), or, for a group
    /// made before names were normalized, as typed.
    func group(named name: String) async throws -> GroupRecord? {
        if let group = try await data.control.group(named: TextRules.canonical(name)) { return group }
        return TextRules.hasOtherForm(name) ? try await data.control.group(named: name) : nil
    }

    /// Throws unless `text` is a name: 1–100 characters on one line, no control character.
    static func checkText(_ text: String, what: String) throws {
        if let control = TextRules.firstControl(in: text) {
            let shown = String(
                String.UnicodeScalarView(text.unicodeScalars.prefix(100).map { TextRules.isControl($0) ? "?" : $0 }))
            throw ServerError(
                .badRequest,
                "\(what) '\(shown)' contains a control character (\(TextRules.describe(control))); expected printable text")
        }
        guard !text.isEmpty, text.count <= 100, !text.contains(where: \.isNewline) else {
            throw ServerError(.badRequest, "\(what) '\(text.prefix(100))' must be 1–100 characters on one line")
        }
    }

    /// Throws unless `password` has at least 8 characters and no control character.
    static func checkPassword(_ password: String) throws {
        guard password.count >= 8 else { throw ServerError(.badRequest, "the password must have at least 8 characters") }
        try TextRules.checkFreeText(password, field: "the password")
    }

    static func checkLogLevel(_ level: String) throws {
        guard StoreClientService.logLevels.contains(level) else {
            throw ServerError(.badRequest, "log level '\(level)' is unknown; expected none, error or monitor")
        }
    }
}
