import Foundation
import Logging
import StrataServerData
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

/// SQLite (through GRDB) would cut text at U+0000: names and ids holding a control character
/// are refused whole, naming the field; values inside an object's JSON keep every character.
@Suite("control characters in names and ids are refused, never cut at U+0000")
struct ControlCharacterTests {
    @Test("a change whose object id or operation id holds U+0000 is rejected naming the field, and X stays X", arguments: TestEngine.allCases)
    func pushRefusesNUL(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            #expect(try await client.push([.report("X", name: "Original", scope: 1)], token: alice) == ["applied"])

            let (_, data) = try await client.send(
                "POST", WirePaths.changes, token: alice,
                json: PushRequest(changes: [
                    .report("ok", name: "Fine", scope: 1), .report("X\u{0}other", name: "Overwritten", scope: 1),
                ]))
            let results = try client.decode(PushResponse.self, data).results
            #expect(results.map(\.status) == ["applied", "rejected"])
            #expect(results[1].reason == "changes[1].objectId contains a control character (U+0000)")
            let objects = try await client.pull("CaseReport", token: alice).objects
            #expect(objects.first { $0.objectId == "X" }?.values["name"] == .text("Original"))

            // Two operation ids that differ only after a NUL are not one id: neither is taken as the other.
            let first = WireChange.report("a", name: "A", scope: 1, operationId: "op\u{0}1")
            let second = WireChange.report("b", name: "B", scope: 1, operationId: "op\u{0}2")
            let (_, answer) = try await client.send(
                "POST", WirePaths.changes, token: alice, json: PushRequest(changes: [first, second]))
            let both = try client.decode(PushResponse.self, answer).results
            #expect(both.map(\.status) == ["rejected", "rejected"])
            #expect(both.map(\.operationId) == ["op\u{0}1", "op\u{0}2"])
            #expect(both[0].reason == "changes[0].operationId contains a control character (U+0000)")
            let tab = WireChange.report("t\tab", name: "T", scope: 1)
            let (_, tabbed) = try await client.send("POST", WirePaths.changes, token: alice, json: PushRequest(changes: [tab]))
            #expect(
                try client.decode(PushResponse.self, tabbed).results.first?.reason
                    == "changes[0].objectId contains a control character (U+0009)")
            let badKey = WireChange(
                operationId: "k", typeName: "CaseReport", objectId: "k", operation: "insert", values: ["na\u{0}me": .integer(1)],
                scope: 1)
            let (_, keyed) = try await client.send("POST", WirePaths.changes, token: alice, json: PushRequest(changes: [badKey]))
            #expect(
                try client.decode(PushResponse.self, keyed).results.first?.reason
                    == "changes[0].values has a key that contains a control character (U+0000)")
        }
    }

    @Test("a value holding U+0000 comes back from a pull and a fetch intact", arguments: TestEngine.allCases)
    func valueWithNULRoundTrips(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            let text = "before\u{0}after\u{1}\u{7F}end"
            let change = WireChange(
                operationId: "v", typeName: "CaseReport", objectId: "nul", operation: "insert", values: ["memo": .text(text)],
                scope: 1)
            #expect(try await client.push([change], token: alice) == ["applied"])
            #expect(try await client.pull("CaseReport", token: alice).objects.first?.values["memo"] == .text(text))
            let (status, body) = try await client.send("GET", "\(WirePaths.objects)/CaseReport/nul", token: alice)
            #expect(status == 200)
            #expect(try client.decode(WireObject.self, body).values["memo"] == .text(text))
        }
    }

    @Test("a login whose account or app id holds U+0000 gets 400 naming it, never another account's token", arguments: TestEngine.allCases)
    func loginRefusesNUL(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let app = server.app
            func login(_ account: String, _ appId: String, _ version: String) -> LoginRequest {
                LoginRequest(account: account, password: TestServer.password, appId: appId, appVersion: version, appKey: app.key)
            }
            for request in [
                login("alice\u{0}x", app.id, app.version), login("alice", app.id + "\u{0}x", app.version),
                login("alice", app.id, app.version + "\u{0}"),
            ] {
                let (status, data) = try await server.client.send("POST", WirePaths.login, json: request)
                #expect(status == 400, "\(request)")
                let error = try server.client.decode(WireError.self, data)
                #expect(error.reason.contains("contains a control character (U+0000)"), "\(error)")
            }
        }
    }

    @Test("a login whose password ends in U+0000 gets 400 naming the password, not the token of the password before it", arguments: TestEngine.allCases)
    func loginRefusesNULInPassword(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let app = server.app
            // PBKDF2's HMAC pads a short key with zero bytes, so `password\u{0}` derived the same hash.
            for password in [TestServer.password + "\u{0}", TestServer.password + "\u{0}\u{0}", "\u{0}"] {
                let request = LoginRequest(
                    account: "alice", password: password, appId: app.id, appVersion: app.version, appKey: app.key)
                let (status, data) = try await server.client.send("POST", WirePaths.login, json: request)
                #expect(status == 400, "\(password.utf8.count) bytes")
                #expect(try server.client.decode(WireError.self, data).reason == "password contains a control character (U+0000)")
            }
            #expect(try await server.client.login("alice", app: app).account == "alice")
        }
    }

    @Test("fetch, query and device registration refuse U+0000 in an id or a compared text (400)", arguments: TestEngine.allCases)
    func readsRefuseNUL(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let client = server.client
            let alice = try await client.login("alice", app: server.app).token
            #expect(try await client.push([.report("X", name: "Ann", scope: 1)], token: alice) == ["applied"])

            // The router does not decode %00 in a path: the service itself is asked for `X\u{0}other`.
            let session = try await server.services.auth.authenticate(token: alice)
            await #expect {
                try await server.services.objects.fetch(typeName: "CaseReport", objectId: "X\u{0}other", session: session)
            } throws: { error in
                (error as? ServerError)?.message == "objectId contains a control character (U+0000)"
            }

            let query = QueryRequest(conditions: [WireCondition(key: "name", op: "eq", value: .text("Ann\u{0}zzz"))])
            let (queried, queryBody) = try await client.send(
                "POST", WirePaths.query(typeName: "CaseReport"), token: alice, json: query)
            #expect(queried == 400)
            #expect(try client.decode(WireError.self, queryBody).reason == "where[0].value contains a control character (U+0000)")

            for registration in [
                DeviceRegistration(deviceId: "d\u{0}1", name: "Phone"), DeviceRegistration(deviceId: "d1", name: "Ph\u{0}one"),
            ] {
                let (status, body) = try await client.send("POST", WirePaths.devices, token: alice, json: registration)
                #expect(status == 400)
                #expect(try client.decode(WireError.self, body).reason.contains("contains a control character (U+0000)"))
            }
        }
    }

    @Test("an uploaded log message holding U+0000 is kept whole, the NUL as U+FFFD")
    func logMessageKeptWhole() async throws {
        try await withInProcessServer { server in
            let token = try await server.client.login("alice", app: server.app).token
            let entry = WireLogEntry(level: "error", message: "before\u{0}after", metadata: ["k": "v\u{0}w"], loggedAt: Date())
            #expect(try await server.client.send("POST", WirePaths.logs, token: token, json: LogUpload(entries: [entry])).0 == 204)
            let file = server.directory.appendingPathComponent("apps/\(server.app.id)@\(server.app.version).sqlite").path
            #expect(try OperationIdTests.texts(at: file, sql: "SELECT message FROM logs") == ["before\u{FFFD}after"])
        }
    }

    @Test("the stores refuse text holding U+0000 rather than bind it cut", arguments: TestEngine.allCases)
    func storesRefuseNUL(engine: TestEngine) async throws {
        let logger = Logger(label: "strata-server-test") { _ in SwiftLogNoOpLogHandler() }
        let data = try await engine.open(directory: TemporaryRoot.directory("server-nul"), logger: logger)
        try await data.control.createGroup(GroupRecord(id: "g1", name: "nurses"))
        await #expect(throws: ServerDataError.self) { try await data.control.group(named: "nurses\u{0}x") }
        await #expect(throws: ServerDataError.self) { try await data.control.user(account: "alice\u{0}") }
        let store = try await data.appStore(appId: "org.example", version: "1")
        await #expect(throws: ServerDataError.self) {
            try await store.write { try await $0.hasOperation("op\u{0}1", userId: "u1") }
        }
        await #expect(throws: ServerDataError.self) { try await store.object(typeName: "CaseReport", objectId: "X\u{0}y") }
    }

    @Test("the admin service refuses control characters in names and U+0000 in passwords and push text", arguments: TestEngine.allCases)
    func adminRefusesControlCharacters(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let admin = server.services.admin
            let attempts: [(String, () async throws -> Void)] = [
                ("U+0001", { _ = try await admin.createGroup(name: "nur\u{1}ses") }),
                ("U+0000", { _ = try await admin.createUser(account: "alice\u{0}2", password: TestServer.password, memberships: []) }),
                ("U+0000", { _ = try await admin.createUser(account: "dave", password: "long enough\u{0}", memberships: []) }),
                ("U+0000", {
                    _ = try await admin.createUser(
                        account: "erin", password: TestServer.password, memberships: [("nurses\u{0}x", "member")])
                }),
                ("U+001B", { try await admin.saveTemplate(name: "t\u{1B}[1m", title: "T", body: "B") }),
                ("U+0000", { try await admin.saveTemplate(name: "t", title: "T", body: "B\u{0}") }),
                ("U+0000", { _ = try await admin.sendPush(group: "nurses\u{0}", title: nil, body: "hi", template: nil, app: nil) }),
            ]
            for (scalar, attempt) in attempts {
                await #expect {
                    try await attempt()
                } throws: { error in
                    guard let error = error as? ServerError else { return false }
                    return error.code == .badRequest && error.message.contains("contains a control character (\(scalar))")
                        && !error.message.contains("\u{0}") && !error.message.contains("\u{1}")
                }
            }
            let (users, groups) = (try await admin.users(), try await admin.groups())
            #expect(users.map(\.account).sorted() == ["alice", "bob", "carol"])
            #expect(groups.map(\.name).sorted() == ["doctors", "nurses"])
        }
    }

    @Test("admin user create and group create refuse a control character with one clear line")
    func adminCommandRefusesControlCharacters() async throws {
        let data = ["--data-dir", TemporaryRoot.directory("server-cli").path]
        for arguments in [
            ["admin", "group", "create", "nur\u{1}ses"],
            ["admin", "user", "create", "al\u{7F}ice", "--password", "long enough"],
            ["admin", "app", "create", "org.\u{1B}[31mred", "--version", "1"],
        ] {
            let outcome = try await TestServer.run(arguments + data)
            #expect(outcome.status == 1, "\(outcome)")
            let lines = outcome.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(outcome)")
            #expect(lines.first?.hasPrefix("strata-server: ") == true, "\(outcome)")
            #expect(lines.first?.contains(/contains a control character|is not allowed/) == true, "\(outcome)")
            #expect(!outcome.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x7F || $0.value == 1 })
        }
    }
}
