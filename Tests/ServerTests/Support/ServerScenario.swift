import Foundation
import Logging
import StrataServerData
import StrataServerDomain
import StrataWire

/// What a server does in a day, through its services on `data` (the HTTP layer only maps
/// requests onto them): the administrator's commands, logins and sessions, devices, logs,
/// pushes (inserts, updates, scope narrowings, deletes, replays, deleteAll), pulls, fetches and
/// queries of every kind, push messages and their polls, the push watcher's look for new
/// messages, memberships and roles with the pushes they decide, the admin console, the usage
/// logs and their stats (`ServerScenario+Administration.swift`), token expiry.
/// ``ServerStatementPlanTests`` records every statement it makes the storage run. A new server
/// feature adds its calls here.
enum ServerScenario {
    static let logger = Logger(label: "strata-server-scenario") { _ in SwiftLogNoOpLogHandler() }

    /// Password checks on a dispatch queue, as the admin commands hash.
    struct Hashing: PasswordHashing {
        func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(with: Result { try work() }) }
            }
        }
    }

    static func run(_ data: any ServerDataLayer) async throws {
        let clock = MutableClock()
        let services = ServerDomainFactory.make(
            data: data, clock: clock, settings: ServerSettings(tokenLifetime: 3600), logger: logger)
        // The administrator.
        _ = try await services.admin.createGroup(name: "nurses")
        _ = try await services.admin.createGroup(name: "doctors")
        let password = "correct horse battery"
        _ = try await services.admin.createUser(account: "alice", password: password, memberships: [("nurses", "lead")])
        _ = try await services.admin.createUser(account: "carol", password: password, memberships: [("nurses", "member")])
        _ = try await services.admin.createUser(
            account: "bob", password: password, memberships: [("doctors", "member"), ("nurses", "member")])
        let created = try await services.admin.createApp(appId: "org.example.cases", version: "1", logLevel: "error")
        _ = try await services.admin.createApp(appId: "org.example.other", version: "2", logLevel: "none")
        try await services.admin.setLogLevel(appId: "org.example.cases", version: "1", level: "monitor")
        try await services.admin.saveTemplate(name: "due", title: "Follow-up due", body: "A follow-up is due")
        _ = try await services.admin.groups()
        _ = try await services.admin.users()
        _ = try await services.admin.apps()

        // Logins (one refused), sessions.
        func login(_ account: String, _ password: String = password) async throws -> ServerSession {
            let response = try await services.auth.login(
                LoginRequest(
                    account: account, password: password, appId: created.app.appId, appVersion: created.app.version,
                    appKey: created.appKey), hashing: Hashing())
            return try await services.auth.authenticate(token: response.token)
        }
        let alice = try await login("alice")
        let carol = try await login("carol")
        let bob = try await login("bob")
        _ = try? await login("alice", "wrong password")
        _ = try? await login("nobody")

        // The client: configuration, devices, logs.
        _ = try await services.client.config(session: alice)
        try await services.client.registerDevice(DeviceRegistration(deviceId: "d-alice", name: "ward tablet"), session: alice)
        try await services.client.registerDevice(DeviceRegistration(deviceId: "d-alice", name: "renamed"), session: alice)
        try await services.client.registerDevice(DeviceRegistration(deviceId: "d-bob", name: "phone"), session: bob)
        _ = try await services.client.uploadLogs(
            LogUpload(entries: [WireLogEntry(level: "error", message: "failed", metadata: ["k": "v"], loggedAt: clock.now())]),
            session: alice)

        // Pushes: inserts in every scope, updates, a narrowing, a delete, a replay, deleteAll.
        func report(_ id: String, _ operation: String = "insert", scope: Int, age: Int64, name: String) -> WireChange {
            WireChange(
                operationId: "op-\(id)-\(operation)-\(scope)-\(age)", typeName: "CaseReport", objectId: id,
                operation: operation, values: ["name": .text(name), "age": .integer(age), "ward": .text("w\(age % 3)")],
                scope: scope)
        }
        let inserts = (0..<30).map { report("r\($0)", scope: 1 + $0 % 3, age: Int64(20 + $0), name: "Patient \($0)") }
        _ = try await services.objects.push(PushRequest(changes: inserts), session: alice)
        _ = try await services.objects.push(PushRequest(changes: inserts), session: alice)
        _ = try await services.objects.push(
            PushRequest(changes: [
                report("r1", "update", scope: 2, age: 61, name: "Patient 1"),
                report("r2", "update", scope: 1, age: 62, name: "Patient 2"),
                report("r4", "delete", scope: 2, age: 0, name: ""),
            ]), session: alice)
        _ = try await services.objects.push(
            PushRequest(changes: (0..<10).map { report("b\($0)", scope: 2, age: Int64(50 + $0), name: "Bob's \($0)") }),
            session: bob)
        _ = try await services.objects.push(
            PushRequest(changes: [
                WireChange(operationId: "n1", typeName: "Note", objectId: "n1", operation: "insert", values: ["t": .text("x")], scope: 1),
                WireChange(operationId: "n2", typeName: "Note", objectId: "", operation: "deleteAll", values: [:], scope: 1),
            ]), session: carol)
        // Concurrent updates (made on version 1, before alice's): one merged (a notice for alice,
        // read by her pulls below), one refused by its fail-if-changed policy.
        _ = try await services.objects.push(
            PushRequest(changes: [
                WireChange(
                    operationId: "c1", typeName: "CaseReport", objectId: "r1", operation: "update", values: ["age": .integer(70)],
                    scope: 2, fields: ["age"], baseVersion: 1),
                WireChange(
                    operationId: "c2", typeName: "CaseReport", objectId: "r1", operation: "update", values: ["name": .text("N")],
                    scope: 2, fields: ["name"], baseVersion: 1, policy: "fail-if-changed"),
            ]), session: carol)

        // Pulls (page by page), a fetch, queries.
        for session in [alice, carol, bob] {
            var since: Int64 = 0
            while true {
                let page = try await services.objects.pull(typeName: "CaseReport", since: since, limit: 7, session: session)
                since = page.cursor
                if !page.hasMore { break }
            }
        }
        // Pulls narrowed to a scope (a client's auto-refresh scope).
        for scope in [PullScope.user, .group] {
            _ = try await services.objects.pull(typeName: "CaseReport", since: 0, limit: 7, scope: scope, session: alice)
        }
        _ = try await services.objects.fetch(typeName: "CaseReport", objectId: "r3", session: alice)
        let queries: [QueryRequest] = [
            QueryRequest(),
            QueryRequest(conditions: [WireCondition(key: "age", op: "ge", value: .integer(30))], sort: [WireSortKey(key: "age", descending: true)], limit: 5, offset: 5),
            QueryRequest(conditions: [WireCondition(key: "ward", op: "eq", value: .text("w1"))], sort: [WireSortKey(key: "name")]),
            QueryRequest(conditions: [WireCondition(key: "name", op: "like", value: .text("Patient 1%"))]),
            QueryRequest(conditions: [WireCondition(key: "ward", op: "in", values: [.text("w0"), .text("w2")])], limit: 3),
            QueryRequest(conditions: [WireCondition(key: "objectId", op: "eq", value: .text("r3"))]),
            QueryRequest(sort: [WireSortKey(key: "objectId", descending: true)], limit: 10, offset: 10),
        ]
        for session in [alice, bob] {
            for query in queries { _ = try await services.objects.query(typeName: "CaseReport", request: query, session: session) }
        }

        // Push messages: sent to a group, by template, polled; the push watcher's looks.
        _ = try await services.admin.sendPush(group: "nurses", title: "Ward meeting", body: "At noon", template: nil, app: nil)
        _ = try await services.admin.sendPush(
            group: "doctors", title: nil, body: nil, template: "due", app: (id: created.app.appId, version: created.app.version))
        _ = try await services.client.poll(deviceId: "d-alice", after: 0, wait: 0, session: alice)
        _ = try await services.client.poll(deviceId: "d-bob", after: 1, wait: 0, session: bob)
        _ = try await data.control.latestPushSequence()
        _ = try await data.control.pushChannels(after: 0)
        _ = try await data.control.pushChannels(after: 1)

        // Roles and the pushes they decide, the admin console, the usage logs.
        let actors = Actors(
            alice: alice, carol: carol, bob: bob, appId: created.app.appId, version: created.app.version,
            login: { try await login($0, $1) })
        try await roles(services, actors)
        try await console(services, actors)
        try await usageLogs(services, actors, now: clock.now())

        // Logout; tokens expire, and the next login removes the expired ones.
        try await services.auth.logout(carol)
        clock.advance(7200)
        _ = try? await services.auth.authenticate(token: "not a token")
        _ = try await login("carol")
        _ = await services.readiness()
    }
}
