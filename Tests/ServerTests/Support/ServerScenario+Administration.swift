import Foundation
import StrataServerDomain
import StrataWire

/// The administrator's later work in ``ServerScenario``: memberships, roles and administrators
/// with the pushes the access rules then decide, the admin console (users, sessions, devices,
/// templates, groups, apps) and the usage logs with each filter and their stats.
extension ServerScenario {
    /// The sessions the scenario hands over, and how it logs in.
    struct Actors {
        var alice: ServerSession
        var carol: ServerSession
        var bob: ServerSession
        var appId: String
        var version: String
        var login: (String, String) async throws -> ServerSession
    }

    /// Roles and memberships, then the pushes whose rules depend on them.
    static func roles(_ services: any ServerServices, _ actors: Actors) async throws {
        let admin = services.admin
        _ = try await admin.members(group: "nurses")
        _ = try await admin.addMember(group: "doctors", account: "carol", role: "member")
        _ = try await admin.setRole(group: "nurses", account: "carol", role: "lead")
        func change(_ id: String, _ operation: String, scope: Int) -> WireChange {
            WireChange(
                operationId: "roles-\(id)-\(operation)-\(scope)", typeName: "CaseReport", objectId: id, operation: operation,
                values: operation == "delete" ? [:] : ["name": .text("Edited \(id)"), "age": .integer(70), "ward": .text("w1")],
                scope: scope)
        }
        // A lead edits, narrows and deletes another member's group objects.
        _ = try await services.objects.push(
            PushRequest(changes: [change("r7", "update", scope: 2), change("r10", "update", scope: 1), change("r13", "delete", scope: 2)]),
            session: actors.carol)
        _ = try await admin.setRole(group: "nurses", account: "carol", role: "member")
        // A member edits one; a delete and another user's user-scope object are refused.
        _ = try await services.objects.push(
            PushRequest(changes: [change("r16", "update", scope: 2), change("r19", "delete", scope: 2), change("r0", "update", scope: 1)]),
            session: actors.carol)
        _ = try await admin.removeMember(group: "doctors", account: "carol")
        _ = try await admin.setAdministrator(account: "bob", true)
        _ = try await admin.administrators()
        // An administrator writes any object it sees.
        _ = try await services.objects.push(
            PushRequest(changes: [change("r22", "update", scope: 2), change("r25", "delete", scope: 2)]),
            session: try await actors.login("bob", "correct horse battery"))
        _ = try await admin.setAdministrator(account: "bob", false)
        _ = try await admin.administrators()
    }

    /// The admin console: users changed and deleted, sessions, devices, templates, groups, apps.
    static func console(_ services: any ServerServices, _ actors: Actors) async throws {
        let admin = services.admin
        let password = "correct horse battery"
        _ = try await admin.createUser(account: "dave", password: password, memberships: [("nurses", "member")])
        let dave = try await actors.login("dave", password)
        try await services.client.registerDevice(DeviceRegistration(deviceId: "d-dave", name: "pager"), session: dave)
        _ = try await admin.updateUser(account: "dave", password: "another horse battery", disabled: nil)
        _ = try await admin.updateUser(account: "dave", password: nil, disabled: true)
        _ = try? await actors.login("dave", "another horse battery")
        _ = try await admin.updateUser(account: "dave", password: nil, disabled: false)
        _ = try await actors.login("dave", "another horse battery")

        _ = try await admin.sessions(account: nil)
        let alices = try await admin.sessions(account: "alice")
        _ = try await actors.login("alice", password)
        if let first = alices.first { _ = try await admin.revokeSession(id: first.id) }
        _ = try await admin.revokeSessions(account: "dave")

        _ = try await admin.devices(account: nil)
        _ = try await admin.devices(account: "alice")
        _ = try await admin.revokeDevice(deviceId: "d-dave", app: nil)
        _ = try await admin.revokeDevice(deviceId: "d-bob", app: (id: actors.appId, version: actors.version))

        try await admin.saveTemplate(name: "gone", title: "Soon gone", body: "Deleted below")
        _ = try await admin.templates()
        _ = try await admin.template(named: "due")
        try await admin.deleteTemplate(named: "gone")

        _ = try await admin.createGroup(name: "empty")
        _ = try await admin.deleteGroup(name: "empty", force: false)
        _ = try await admin.createGroup(name: "visitors")
        _ = try await admin.addMember(group: "visitors", account: "dave", role: "member")
        _ = try? await admin.deleteGroup(name: "visitors", force: false)
        _ = try await admin.deleteGroup(name: "visitors", force: true)
        _ = try await admin.deleteUser(account: "dave")
        _ = try await admin.apps()

        // The data pages: a page of a type's objects (searched too), one object's history.
        // (Not the types page's counts: they read every row of the app version, by design.)
        _ = try await admin.objects(
            appId: actors.appId, version: actors.version, typeName: "CaseReport", search: nil, offset: 0, limit: 25)
        _ = try await admin.objects(
            appId: actors.appId, version: actors.version, typeName: "CaseReport", search: "bob", offset: 25, limit: 25)
        _ = try await admin.objectHistory(appId: actors.appId, version: actors.version, typeName: "CaseReport", objectId: "r1")
    }

    /// The uploaded logs, with each filter `admin logs` takes, and `admin stats`.
    static func usageLogs(_ services: any ServerServices, _ actors: Actors, now: Date) async throws {
        _ = try await services.client.uploadLogs(
            LogUpload(entries: [
                WireLogEntry(level: "monitor", message: "created", metadata: ["kind": "report.created", "deviceId": "d-bob"], loggedAt: now),
                WireLogEntry(level: "error", message: "failed", metadata: [:], loggedAt: now),
            ]), session: actors.bob)
        let logs = services.logs
        _ = try await logs.logs(UsageLogFilter())
        _ = try await logs.logs(UsageLogFilter(appId: actors.appId))
        _ = try await logs.logs(UsageLogFilter(appId: actors.appId, version: actors.version))
        _ = try await logs.logs(UsageLogFilter(level: "error"))
        _ = try await logs.logs(UsageLogFilter(user: "bob"))
        _ = try await logs.logs(UsageLogFilter(user: actors.bob.userId))
        _ = try await logs.logs(UsageLogFilter(since: now.addingTimeInterval(-3600)))
        _ = try await logs.logs(UsageLogFilter(limit: 1))
        _ = try await logs.logs(
            UsageLogFilter(appId: actors.appId, version: actors.version, level: "monitor", user: "bob", since: now, limit: 10))
        _ = try await logs.stats(appId: nil, version: nil, days: 7)
        _ = try await logs.stats(appId: actors.appId, version: nil, days: 30)
        _ = try await logs.stats(appId: actors.appId, version: actors.version, days: 1)
    }
}
