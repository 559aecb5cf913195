import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

/// The admin console's commands (`user update|delete`, `session`, `device`, `template
/// list|show|delete`, `group delete`, `app list`, `--json`) through the built `strata-server`,
/// against a serving `strata-server` on the same SQLite data directory.
@Suite("strata-server admin: the admin console's commands end to end")
struct AdminConsoleCommandTests {
    /// `strata-server admin <arguments>` on `server`'s storage, whatever its outcome.
    /// The data directory is made private first, so no warning about its mode joins a failure's line.
    static func admin(_ server: TestServer, _ arguments: [String], stdin: String? = nil) async throws -> StrataProcess.Outcome {
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: server.dataDirectory.path)
        return try await TestServer.run(["admin"] + arguments + ["--data-dir", server.dataDirectory.path], stdin: stdin)
    }

    /// Decodes a command's `--json` output.
    static func json<T: Decodable>(_ type: T.Type, _ outcome: StrataProcess.Outcome) throws -> T {
        try WireCoding.decoder().decode(T.self, from: Data(outcome.stdout.utf8))
    }

    /// The status of `GET /v1/config` with `token`, and the body's text.
    static func config(_ server: TestServer, token: String) async throws -> (Int, String) {
        let (status, data) = try await server.client.send("GET", WirePaths.config, token: token)
        return (status, String(decoding: data, as: UTF8.self))
    }

    /// Expects a failed command: `status`, one line on standard error starting with `prefix`.
    static func expectFailure(_ outcome: StrataProcess.Outcome, status: Int32, _ prefix: String) {
        #expect(outcome.status == status, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-server: \(prefix)"), "\(outcome)")
        #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome)")
    }

    @Test("a new password revokes the user's sessions at once and only it logs in; disable refuses logins until enable")
    func updateUser() async throws {
        try await withTestServer(user: true) { server in
            let app = try #require(server.app)
            let token = try await server.login()
            #expect(try await Self.config(server, token: token).0 == 200)

            let changed = try await Self.admin(server, ["user", "update", "alice", "--password-stdin"], stdin: "another long password\n")
            #expect(changed.status == 0, "\(changed)")
            #expect(changed.stdout == "user alice: password changed; 1 session, 0 web console sessions revoked\n", "\(changed)")
            let refused = try await Self.config(server, token: token)
            #expect(refused.0 == 401)
            #expect(refused.1.contains("revoked by an administrator"), "\(refused.1)")
            await #expect(throws: WireError.self, "the old password no longer works") {
                _ = try await server.client.login("alice", app: app)
            }
            let fresh = try await server.client.login("alice", password: "another long password", app: app)

            let disabled = try await Self.admin(server, ["user", "update", "alice", "--disable", "--json"])
            #expect(disabled.status == 0, "\(disabled)")
            let change = try Self.json(AdminUserChange.self, disabled)
            #expect(change.user.disabled && change.user.account == "alice" && change.sessionsRevoked == 1)
            #expect(try await Self.config(server, token: fresh.token).0 == 401)
            let (status, body) = try await server.client.send(
                "POST", WirePaths.login,
                json: LoginRequest(
                    account: "alice", password: "another long password", appId: app.id, appVersion: app.version, appKey: app.key))
            #expect(status == 401)
            #expect(String(decoding: body, as: UTF8.self).contains("account alice is disabled"))
            #expect(try await Self.admin(server, ["user", "list"]).stdout.hasSuffix("\tnurses:lead\tdisabled\n"))

            let (wrongStatus, wrongBody) = try await server.client.send(
                "POST", WirePaths.login,
                json: LoginRequest(account: "alice", password: "not her password", appId: app.id, appVersion: app.version, appKey: app.key))
            #expect(wrongStatus == 401)
            #expect(!String(decoding: wrongBody, as: UTF8.self).contains("disabled"), "a guesser learns nothing from disabling")

            #expect(try await Self.admin(server, ["user", "update", "alice", "--enable"]).stdout == "user alice: enabled; 0 sessions, 0 web console sessions revoked\n")
            _ = try await server.client.login("alice", password: "another long password", app: app)
            #expect(try await Self.admin(server, ["user", "list", "--json"]).stdout.contains("\"disabled\":false"))
        }
    }

    @Test("user update --password asks twice at a terminal without echo; two different passwords change nothing")
    func passwordAtTerminal() async throws {
        try await withTestServer(user: true) { server in
            let app = try #require(server.app)
            try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: server.dataDirectory.path)
            let script = try SystemTool.path("script", package: "bsdutils")
            let command = [
                StrataProcess.executable("strata-server").path, "admin", "user", "update", "alice", "--password", "--data-dir",
                server.dataDirectory.path,
            ].map { "'\($0)'" }.joined(separator: " ")
            /// Runs the command on a new terminal (`script`), typing each line once its prompt shows.
            func typing(_ first: String, _ second: String) async throws -> StrataProcess.Outcome {
                let input = Pipe()
                let process = Process()
                process.executableURL = URL(fileURLWithPath: script)
                process.arguments = ["-qec", command, "/dev/null"]
                process.standardInput = input.fileHandleForReading
                let running = try StrataProcess.start(process)
                try? input.fileHandleForReading.close()
                // getpass flushes what was typed before it asks: each line goes after its prompt.
                #expect(await eventually { running.stdout.snapshot().contains("New password for alice: ") })
                input.fileHandleForWriting.write(Data((first + "\n").utf8))
                #expect(await eventually { running.stdout.snapshot().contains("Again: ") })
                input.fileHandleForWriting.write(Data((second + "\n").utf8))
                let outcome = await running.finish()
                try? input.fileHandleForWriting.close()
                return outcome
            }

            let differ = try await typing("first long password", "second long password")
            #expect(differ.status == 1, "\(differ)")
            #expect(differ.stdout.contains("strata-server: --password: the two passwords typed differ; nothing was changed"))
            _ = try await server.client.login("alice", app: app)

            let changed = try await typing("typed long password", "typed long password")
            #expect(changed.status == 0, "\(changed)")
            #expect(changed.stdout.contains("user alice: password changed; 1 session, 0 web console sessions revoked"), "\(changed)")
            #expect(!changed.stdout.contains("typed long password"), "nothing typed is echoed: \(changed)")
            _ = try await server.client.login("alice", password: "typed long password", app: app)
        }
    }

    @Test("user update refuses a password on the command line, no change, both flags, no terminal and an unknown user, in one line")
    func updateUserFailures() async throws {
        try await withTestServer(user: true) { server in
            let usage = try await Self.admin(server, ["user", "update", "alice", "--password", "secret-on-argv"])
            #expect(usage.status == 64, "a password is never an argument: \(usage)")
            Self.expectFailure(try await Self.admin(server, ["user", "update", "alice"]), status: 64, "nothing to change")
            Self.expectFailure(
                try await Self.admin(server, ["user", "update", "alice", "--disable", "--enable"]), status: 64,
                "give at most one of --disable and --enable")
            Self.expectFailure(
                try await Self.admin(server, ["user", "update", "alice", "--password"], stdin: "piped\n"), status: 64,
                "--password asks at a terminal and standard input is none; use --password-stdin")
            Self.expectFailure(
                try await Self.admin(server, ["user", "update", "ghost", "--disable"]), status: 1,
                "no user named 'ghost'; see `admin user list`")
            Self.expectFailure(
                try await Self.admin(server, ["user", "update", "alice", "--password-stdin"], stdin: "short\n"), status: 1,
                "the password must have at least 8 characters")
            Self.expectFailure(try await Self.admin(server, ["user", "delete", "ghost"]), status: 1, "no user named 'ghost'")
        }
    }

    @Test("deleting a user ends their sessions and devices; the group object they owned stays visible to the group")
    func deleteUser() async throws {
        try await withTestServer(user: true) { server in
            let app = try #require(server.app)
            try await server.createUser("bob", group: "nurses")
            let bob = try await server.client.login("bob", app: app).token
            #expect(try await server.client.push([.report("shared", name: "Shared", scope: 2)], token: bob) == ["applied"])
            #expect(try await server.client.push([.report("private", name: "Private", scope: 1)], token: bob) == ["applied"])
            let (registered, _) = try await server.client.send(
                "POST", WirePaths.devices, token: bob, json: DeviceRegistration(deviceId: "bob-phone", name: "Phone"))
            #expect(registered == 204 || registered == 200)

            let deleted = try await Self.admin(server, ["user", "delete", "bob", "--json"])
            #expect(deleted.status == 0, "\(deleted)")
            let change = try Self.json(AdminUserChange.self, deleted)
            #expect(change.user.account == "bob" && change.sessionsRevoked == 1 && change.devicesRemoved == 1)
            #expect(try await Self.config(server, token: bob).0 == 401)
            await #expect(throws: WireError.self) { _ = try await server.client.login("bob", app: app) }
            #expect(!(try await Self.admin(server, ["user", "list"]).stdout.contains("bob")))
            #expect(try await Self.admin(server, ["device", "list"]).stdout.isEmpty)

            let alice = try await server.login()
            let pulled = try await server.client.pull("CaseReport", token: alice)
            #expect(pulled.objects.map(\.objectId) == ["shared"], "the group object stays; the private one is no one's")
        }
    }

    @Test("session list shows each session once by id; revoke ID ends that one, revoke --user the rest")
    func sessions() async throws {
        try await withTestServer(user: true) { server in
            let first = try await server.login()
            let second = try await server.login()
            let listed = try Self.json([AdminSession].self, try await Self.admin(server, ["session", "list", "--user", "alice", "--json"]))
            #expect(listed.count == 2)
            #expect(listed.allSatisfy { $0.account == "alice" && $0.appId == "org.example.cases" && $0.id.count == 16 })
            let text = try await Self.admin(server, ["session", "list"])
            #expect(text.stdout.split(separator: "\n").count == 2)
            #expect(text.stdout.hasPrefix("\(listed[0].id)\talice\torg.example.cases\t1\t") || text.stdout.contains(listed[0].id))

            let revoked = try await Self.admin(server, ["session", "revoke", listed[0].id])
            #expect(revoked.status == 0, "\(revoked)")
            #expect(revoked.stdout.hasPrefix("revoked 1 session\n\(listed[0].id)\talice\t"), "\(revoked)")
            let statuses = [try await Self.config(server, token: first).0, try await Self.config(server, token: second).0]
            #expect(statuses.sorted() == [200, 401], "exactly the revoked one is refused")

            let all = try await Self.admin(server, ["session", "revoke", "--user", "alice", "--json"])
            #expect(try Self.json([AdminSession].self, all).map(\.id) == [listed[1].id])
            #expect(try await Self.config(server, token: first).0 == 401)
            #expect(try await Self.config(server, token: second).0 == 401)

            Self.expectFailure(try await Self.admin(server, ["session", "revoke", "nope"]), status: 64, "session id 'nope' is not 16 hex digits")
            Self.expectFailure(try await Self.admin(server, ["session", "revoke"]), status: 64, "give exactly one of a session ID and --user")
            Self.expectFailure(
                try await Self.admin(server, ["session", "revoke", "0123456789abcdef"]), status: 1,
                "no session with id 0123456789abcdef")
            Self.expectFailure(try await Self.admin(server, ["session", "list", "--user", "ghost"]), status: 1, "no user named 'ghost'")
        }
    }

    @Test("a revoked device gets no push, its polls and its re-registration are refused; device list shows when")
    func devices() async throws {
        try await withTestServer(user: true) { server in
            let token = try await server.login()
            let register = { () async throws -> (Int, Data) in
                try await server.client.send(
                    "POST", WirePaths.devices, token: token, json: DeviceRegistration(deviceId: "phone", name: "Phone"))
            }
            _ = try await register()
            #expect(try await Self.admin(server, ["push", "--group", "nurses", "--body", "one", "--json"]).stdout == "{\"devices\":1}\n")
            let listed = try await Self.admin(server, ["device", "list", "--json"])
            #expect(listed.stdout.contains("\"revokedAt\":null"), "\(listed)")
            let device = try #require(try Self.json([AdminDevice].self, listed).first)
            #expect(device.deviceId == "phone" && device.account == "alice" && device.appId == "org.example.cases")

            let revoked = try await Self.admin(server, ["device", "revoke", "phone"])
            #expect(revoked.stdout == "revoked device phone of app org.example.cases version 1 (alice)\n", "\(revoked)")
            #expect(try await Self.admin(server, ["push", "--group", "nurses", "--body", "two"]).stdout == "sent to 0 devices\n")
            let (polled, body) = try await server.client.send("GET", "\(WirePaths.devices)/phone/messages?after=0&wait=0", token: token)
            #expect(polled == 404)
            #expect(String(decoding: body, as: UTF8.self).contains("revoked by an administrator"))
            let (again, reason) = try await register()
            #expect(again == 409)
            #expect(String(decoding: reason, as: UTF8.self).contains("cannot be registered again"))
            let line = try await Self.admin(server, ["device", "list", "--user", "alice"]).stdout
            #expect(line.hasPrefix("org.example.cases\t1\tphone\talice\tPhone\t"), "\(line)")
            #expect(!line.contains("active"), "\(line)")

            Self.expectFailure(try await Self.admin(server, ["device", "revoke", "ghost"]), status: 1, "no device ghost")
            Self.expectFailure(
                try await Self.admin(server, ["device", "revoke", "phone", "--app-id", "x"]), status: 64,
                "give --app-id and --app-version together")

            // The same device id in another app version is another device: named by its app version.
            let created = try await Self.admin(server, ["app", "create", "org.example.cases", "--version", "2", "--json"])
            let second = try Self.json(CreatedApp.self, created)
            let other = try await server.client.login(
                "alice", app: TestServer.App(id: "org.example.cases", version: "2", key: second.appKey))
            let (registered, _) = try await server.client.send(
                "POST", WirePaths.devices, token: other.token, json: DeviceRegistration(deviceId: "phone", name: "Phone"))
            #expect(registered == 204)
            #expect(try await Self.admin(server, ["push", "--group", "nurses", "--body", "three"]).stdout == "sent to 1 device\n")
            Self.expectFailure(
                try await Self.admin(server, ["device", "revoke", "phone"]), status: 1,
                "device phone is registered in several app versions (org.example.cases 1, org.example.cases 2); "
                    + "give --app-id and --app-version")
            let picked = try await Self.admin(
                server, ["device", "revoke", "phone", "--app-id", "org.example.cases", "--app-version", "2"])
            #expect(picked.stdout == "revoked device phone of app org.example.cases version 2 (alice)\n", "\(picked)")
            #expect(try await Self.admin(server, ["push", "--group", "nurses", "--body", "four"]).stdout == "sent to 0 devices\n")
        }
    }

    @Test("templates list, show and delete; groups delete, with members only with --force; apps list with levels; all with --json")
    func templatesGroupsApps() async throws {
        let data = ["--data-dir", TemporaryRoot.directory("server-cli").path]
        func admin(_ arguments: [String], stdin: String? = nil) async throws -> StrataProcess.Outcome {
            try await TestServer.run(["admin"] + arguments + data, stdin: stdin)
        }
        #expect(try await admin(["template", "save", "rounds", "--title", "Rounds", "--body", "Ward 3 at 10:00"]).status == 0)
        #expect(try await admin(["template", "save", "drill", "--title", "Drill", "--body", "Now"]).status == 0)
        #expect(try await admin(["template", "list"]).stdout == "drill\tDrill\nrounds\tRounds\n")
        #expect(try Self.json([AdminTemplate].self, try await admin(["template", "list", "--json"])).map(\.name) == ["drill", "rounds"])
        #expect(try await admin(["template", "show", "rounds"]).stdout == "name: rounds\ntitle: Rounds\nbody: Ward 3 at 10:00\n")
        #expect(try await admin(["template", "show", "rounds", "--json"]).stdout
            == "{\"body\":\"Ward 3 at 10:00\",\"name\":\"rounds\",\"title\":\"Rounds\"}\n")
        #expect(try await admin(["template", "delete", "drill"]).stdout == "deleted template drill\n")
        Self.expectFailure(try await admin(["template", "show", "drill"]), status: 1, "no push template named 'drill'")
        Self.expectFailure(try await admin(["template", "delete", "drill"]), status: 1, "no push template named 'drill'")

        #expect(try await admin(["group", "create", "nurses"]).status == 0)
        #expect(try await admin(["group", "create", "empty"]).status == 0)
        #expect(
            try await admin(["user", "create", "alice", "--password-stdin", "--group", "nurses:lead"], stdin: "a long password\n").status
                == 0)
        #expect(try await admin(["group", "delete", "empty"]).stdout.hasPrefix("deleted group empty ("))
        Self.expectFailure(
            try await admin(["group", "delete", "nurses"]), status: 1, "group nurses has 1 member; give --force")
        let forced = try await admin(["group", "delete", "nurses", "--force", "--json"])
        let deletion = try Self.json(AdminGroupDeletion.self, forced)
        #expect(deletion.group.name == "nurses" && deletion.membershipsRemoved == 1)
        #expect(try await admin(["group", "list"]).stdout.isEmpty)
        #expect(try Self.json([AdminUser].self, try await admin(["user", "list", "--json"])).map(\.groups) == [[]])
        Self.expectFailure(try await admin(["group", "delete", "nurses"]), status: 1, "no group named 'nurses'")

        #expect(try await admin(["app", "create", "org.b", "--version", "2", "--collect", "monitor"]).status == 0)
        let created = try Self.json(CreatedApp.self, try await admin(["app", "create", "org.a", "--version", "1", "--json"]))
        #expect(created.app == AdminApp(appId: "org.a", version: "1", logLevel: "error") && !created.appKey.isEmpty)
        #expect(try await admin(["app", "log-level", "org.a", "--version", "1", "none", "--json"]).stdout
            == "{\"appId\":\"org.a\",\"logLevel\":\"none\",\"version\":\"1\"}\n")
        #expect(try await admin(["app", "list"]).stdout == "org.a\t1\tnone\norg.b\t2\tmonitor\n")
        #expect(
            try Self.json([AdminApp].self, try await admin(["app", "list", "--json"]))
                == [AdminApp(appId: "org.a", version: "1", logLevel: "none"), AdminApp(appId: "org.b", version: "2", logLevel: "monitor")])
    }

    @Test("every new command's --help explains what it does, on standard output with exit 0")
    func help() async throws {
        let pages: [([String], String)] = [
            (["user", "update"], "revokes every session of the user"),
            (["user", "delete"], "The objects the user owns stay"),
            (["session", "list"], "first 16 hex digits"),
            (["session", "revoke"], "must log in again"),
            (["device", "list"], "REVOKED_AT"),
            (["device", "revoke"], "pending messages are dropped"),
            (["template", "show"], "title and text"),
            (["group", "delete"], "unless --force"),
            (["app", "list"], "LOG_LEVEL"),
        ]
        for (command, text) in pages {
            let outcome = try await TestServer.run(["admin"] + command + ["--help"])
            #expect(outcome.status == 0, "\(outcome)")
            #expect(outcome.stdout.contains(text), "\(command): \(outcome)")
            #expect(outcome.stdout.contains("--json"), "\(command): \(outcome)")
        }
    }
}
