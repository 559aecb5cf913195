import Foundation
import StrataTestSupport
import StrataWire
import Testing

/// The console's data pages (types, a paged and searchable table of objects, one object with
/// its history), its sessions, devices and administrators pages, and its safe defaults: every
/// destructive action confirmed first, selects showing the current value, no default push
/// target, each change logged with the administrator's name, no server path in an error.
@Suite("admin web console: data, sessions, devices, administrators, safe defaults")
struct AdminConsoleDataTests {
    /// alice's and bob's objects in `server`'s app: `g1` (group scope: alice wrote name and
    /// age, then bob's concurrent age write replaced hers: an overwrite), `wide` (narrowed from
    /// all to user), `r00`…`r29` (alice's, `r05` deleted), `b1` and `b2` (bob's).
    static func seed(_ server: TestServer) async throws {
        let app = try #require(server.app)
        let alice = try await server.client.login("alice", app: app).token
        let bob = try await server.client.login("bob", app: app).token
        func change(_ id: String, _ operation: String, _ values: [String: WireValue], scope: Int, fields: [String]? = nil, base: Int64? = nil)
            -> WireChange
        {
            WireChange(
                operationId: UUID().uuidString, typeName: "CaseReport", objectId: id, operation: operation, values: values,
                scope: scope, fields: fields, baseVersion: base)
        }
        #expect(try await server.client.push([change("g1", "insert", ["name": .text("Ann"), "age": .integer(40)], scope: 2)], token: alice) == ["applied"])
        let inserted = try await server.client.pull("CaseReport", token: alice).objects.first { $0.objectId == "g1" }?.version
        let base = try #require(inserted)
        _ = try await server.client.push([change("g1", "update", ["age": .integer(50)], scope: 2, fields: ["age"], base: base)], token: alice)
        _ = try await server.client.push([change("g1", "update", ["age": .integer(70)], scope: 2, fields: ["age"], base: base)], token: bob)
        _ = try await server.client.push([change("wide", "insert", ["name": .text("Wide")], scope: 3)], token: alice)
        _ = try await server.client.push([change("wide", "update", ["name": .text("Wide")], scope: 1)], token: alice)
        let reports = (0..<30).map { change(String(format: "r%02d", $0), "insert", ["name": .text("Patient \($0)")], scope: 1 + $0 % 3) }
        _ = try await server.client.push(reports, token: alice)
        _ = try await server.client.push([change("r05", "delete", [:], scope: 3)], token: alice)
        _ = try await server.client.push(
            [change("b1", "insert", ["name": .text("<b>Bold</b>")], scope: 2), change("b2", "insert", ["name": .text("B")], scope: 2)],
            token: bob)
    }

    /// The rows of table `id` in `body`.
    static func rows(_ id: String, in body: String) -> Int {
        guard let start = body.range(of: #"<table id="\#(id)">"#),
            let end = body[start.upperBound...].range(of: "</table>")
        else { return -1 }
        return body[start.upperBound..<end.lowerBound].components(separatedBy: "<tr><td>").count - 1
    }

    @Test("data: app versions, types with counts, objects paged newest first with owner, group, scope and version, searched by id or owner", arguments: TestEngine.allCases)
    func objects(engine: TestEngine) async throws {
        try await AdminConsoleTests.withConsole(engine) { server, browser in
            var browser = browser
            try await Self.seed(server)
            #expect(try await browser.signIn("alice").status == 303)
            let apps = try await browser.get("/admin/data")
            #expect(apps.status == 200, "\(apps)")
            #expect(apps.body.contains(#"href="/admin/data?app=org.example.cases&amp;version=1""#), "\(apps)")
            let types = try await browser.get("/admin/data?app=org.example.cases&version=1")
            #expect(
                types.body.contains(
                    #"<tr><td><a href="/admin/data/objects?app=org.example.cases&amp;type=CaseReport&amp;version=1">CaseReport</a></td><td>33</td><td>1</td></tr>"#),
                "\(types)")

            let first = try await browser.get("/admin/data/objects?app=org.example.cases&version=1&type=CaseReport")
            #expect(first.status == 200, "\(first)")
            #expect(Self.rows("objects", in: first.body) == 25, "\(first)")
            #expect(first.body.contains("Objects: 34 · page 1 / 2"), "\(first)")
            #expect(first.body.contains(#"id="next" class="button secondary" href="/admin/data/objects?app=org.example.cases&amp;page=2&amp;type=CaseReport&amp;version=1""#))
            #expect(!first.body.contains(#"id="previous""#))
            // Newest first: bob's two, then alice's deletion of r05.
            let b2 = try #require(first.body.range(of: ">b2</a>")), r05 = try #require(first.body.range(of: ">r05</a>"))
            #expect(b2.lowerBound < r05.lowerBound)
            #expect(first.body.contains(#">b1</a></td><td>bob</td><td>nurses</td><td>group</td><td>"#), "\(first)")
            #expect(first.body.contains(#">r05</a></td><td>alice</td><td>nurses</td><td>"#))
            #expect(first.body.contains("</td><td>deleted</td></tr>"))
            let second = try await browser.get("/admin/data/objects?app=org.example.cases&version=1&type=CaseReport&page=2")
            #expect(Self.rows("objects", in: second.body) == 9, "\(second)")
            #expect(second.body.contains(#"id="previous""#))
            #expect(!second.body.contains(#"id="next""#))

            let byId = try await browser.get("/admin/data/objects?app=org.example.cases&version=1&type=CaseReport&q=R1")
            #expect(Self.rows("objects", in: byId.body) == 10, "r10…r19, case-insensitive: \(byId)")
            #expect(byId.body.contains(#"<input type="search" name="q" value="R1""#))
            let byOwner = try await browser.get("/admin/data/objects?app=org.example.cases&version=1&type=CaseReport&q=bob")
            #expect(Self.rows("objects", in: byOwner.body) == 2, "\(byOwner)")
            let version = try #require(
                byOwner.body.range(of: #">b1</a></td><td>bob</td><td>nurses</td><td>group</td><td>"#).map {
                    byOwner.body[$0.upperBound...].prefix { $0.isNumber }
                })
            #expect(Int(version) ?? 0 > 3, "the server's version of b1 is shown: \(byOwner)")

            let unknown = try await browser.get("/admin/data?app=org.example.none&version=9")
            #expect(unknown.status == 404)
            #expect(unknown.body.contains("no app org.example.none version 9"), "\(unknown)")
        }
    }

    @Test("an object shows its fields as stored (escaped) and its history newest first: overwrite, writes, scope narrowing, deletion", arguments: TestEngine.allCases)
    func history(engine: TestEngine) async throws {
        try await AdminConsoleTests.withConsole(engine) { server, browser in
            var browser = browser
            try await Self.seed(server)
            #expect(try await browser.signIn("alice").status == 303)
            let base = "/admin/data/object?app=org.example.cases&version=1&type=CaseReport&id="
            let g1 = try await browser.get(base + "g1")
            #expect(g1.status == 200, "\(g1)")
            #expect(g1.body.contains(#"<tr><td>age</td><td class="value">70</td></tr>"#), "\(g1)")
            #expect(g1.body.contains(#"<tr><td>name</td><td class="value">Ann</td></tr>"#))
            #expect(g1.body.contains("<tr><th>Owner</th><td>alice</td></tr>"))
            #expect(g1.body.contains("<tr><th>Scope</th><td>group</td></tr>"))
            let overwrote = try #require(
                g1.body.range(of: "</td><td>overwrote</td><td>bob</td><td>age</td><td>replaced a concurrent write of alice</td>"), "\(g1)")
            let bobWrote = try #require(g1.body.range(of: "</td><td>written</td><td>bob</td><td>age</td>"))
            let aliceWrote = try #require(g1.body.range(of: "</td><td>written</td><td>alice</td><td>name</td>"))
            #expect(overwrote.lowerBound < bobWrote.lowerBound && bobWrote.lowerBound < aliceWrote.lowerBound, "newest first")

            let wide = try await browser.get(base + "wide")
            #expect(wide.body.contains("</td><td>scope narrowed</td><td>alice</td><td></td><td>from all</td>"), "\(wide)")
            let deleted = try await browser.get(base + "r05")
            #expect(deleted.body.contains("<tr><th>State</th><td>deleted</td></tr>"), "\(deleted)")
            #expect(deleted.body.contains("</td><td>deleted</td><td></td>"))
            let hostile = try await browser.get(base + "b1")
            #expect(hostile.body.contains("&lt;b&gt;Bold&lt;/b&gt;") && !hostile.body.contains("<b>Bold"))
            let missing = try await browser.get(base + "nothing")
            #expect(missing.status == 404)
            #expect(missing.body.contains("no CaseReport with id nothing"), "\(missing)")
        }
    }

    @Test("destructive actions ask first: the button leads to a confirmation page; a POST without confirm=yes changes nothing", arguments: TestEngine.allCases)
    func confirmation(engine: TestEngine) async throws {
        try await AdminConsoleTests.withConsole(engine) { server, browser in
            var browser = browser
            #expect(try await browser.signIn("alice").status == 303)
            let users = try await browser.get("/admin/users")
            let csrf = users.csrf ?? ""
            #expect(!users.body.contains(#"method="post" action="/admin/users/delete""#), "no one-click delete: \(users)")
            #expect(users.body.contains(#"<input type="hidden" name="action" value="delete-user"><input type="hidden" name="account" value="bob">"#))

            let refused = try await browser.post("/admin/users/delete", [("csrf", csrf), ("account", "bob")])
            #expect(refused.status == 400, "\(refused)")
            #expect(refused.body.contains("Delete user bob? This cannot be undone"))
            #expect(refused.error?.contains("Nothing was changed") == true)
            #expect(try await server.admin(["user", "list"]).contains("bob"))

            let ask = try await browser.get("/admin/confirm?action=delete-user&account=bob")
            #expect(ask.status == 200, "\(ask)")
            #expect(ask.body.contains(#"<p id="question">Delete user bob? This cannot be undone"#))
            #expect(ask.body.contains(#"<form id="confirm" method="post" action="/admin/users/delete">"#))
            #expect(ask.body.contains(#"<input type="hidden" name="confirm" value="yes">"#))
            #expect(ask.body.contains(#"<input type="hidden" name="account" value="bob">"#))
            let done = try await browser.post("/admin/users/delete", [("csrf", csrf), ("account", "bob"), ("confirm", "yes")])
            #expect(done.flash == "Deleted bob with 0 session(s) and 0 device(s).", "\(done)")

            // Every other destructive form is refused the same way without its confirmation.
            try await server.admin(["template", "save", "round", "--title", "Round", "--body", "At 10"])
            let unconfirmed: [(String, [(String, String)])] = [
                ("/admin/groups/delete", [("name", "nurses"), ("force", "yes")]),
                ("/admin/groups/remove-member", [("group", "nurses"), ("account", "alice")]),
                ("/admin/push/templates/delete", [("name", "round")]),
                ("/admin/sessions/revoke", [("id", "0123456789abcdef")]),
                ("/admin/sessions/revoke-all", [("account", "bob")]),
                ("/admin/devices/revoke", [("device", "phone"), ("app", "org.example.cases"), ("version", "1")]),
                ("/admin/administrators/revoke", [("account", "alice")]),
            ]
            for (path, fields) in unconfirmed {
                let answer = try await browser.post(path, [("csrf", csrf)] + fields)
                #expect(answer.status == 400, "\(path): \(answer)")
                #expect(answer.body.contains(#"<form id="confirm" method="post" action="\#(path)">"#), "\(path)")
            }
            #expect(try await server.admin(["group", "members", "nurses"]).contains("alice"))
            #expect(try await server.admin(["template", "list"]).contains("round"))
            #expect(try await browser.get("/admin/confirm?action=drop-everything").status == 400)
        }
    }

    @Test("selects show the current value; the push form has no default group; a push without one is refused")
    func currentValues() async throws {
        try await AdminConsoleTests.withConsole { server, browser in
            var browser = browser
            let app = try #require(server.app)
            try await server.admin(["app", "log-level", app.id, "--version", app.version, "monitor"])
            #expect(try await browser.signIn("alice").status == 303)
            let apps = try await browser.get("/admin/apps")
            #expect(apps.body.contains(#"<option value="monitor" selected>monitor</option>"#), "\(apps)")
            #expect(!apps.body.contains(#"<option value="none" selected>"#))
            let push = try await browser.get("/admin/push")
            #expect(push.body.contains(#"<select name="group" required><option value="" selected disabled>choose a group…</option><option value="nurses">nurses</option>"#), "\(push)")
            let none = try await browser.post("/admin/push", [("csrf", push.csrf ?? ""), ("title", "T"), ("body", "B")])
            #expect(none.status == 400)
            #expect(none.error == "Group is required", "\(none)")
            let groups = try await browser.get("/admin/groups")
            #expect(groups.body.contains(#"<select name="account" required><option value="" selected disabled>"#), "\(groups)")
        }
    }

    @Test("sessions, devices and administrators: listed, revoked after confirmation; each change is logged with the administrator's name", arguments: TestEngine.allCases)
    func access(engine: TestEngine) async throws {
        try await AdminConsoleTests.withConsole(engine) { server, browser in
            var browser = browser
            let app = try #require(server.app)
            let token = try await server.client.login("bob", app: app).token
            let device = DeviceRegistration(deviceId: "bob-phone", name: "Bob's phone")
            #expect(try await server.client.send("POST", WirePaths.devices, token: token, json: device).0 == 204)
            #expect(try await browser.signIn("alice").status == 303)

            let sessions = try await browser.get("/admin/sessions?account=bob")
            #expect(sessions.status == 200, "\(sessions)")
            #expect(Self.rows("sessions", in: sessions.body) == 1, "\(sessions)")
            let id = try #require(ConsoleBrowser.Page.attribute("value", afterMarker: #"<input type="hidden" name="id" value=""#, in: sessions.body))
            #expect(sessions.body.contains("</code></td><td>bob</td><td>org.example.cases</td><td>1</td>"))
            let csrf = sessions.csrf ?? ""
            #expect(sessions.body.contains(#"<input type="hidden" name="action" value="revoke-sessions"><input type="hidden" name="account" value="bob">"#))
            let revoked = try await browser.post("/admin/sessions/revoke", [("csrf", csrf), ("id", id), ("confirm", "yes")])
            #expect(revoked.flash == "Revoked session \(id) of bob.", "\(revoked)")
            #expect(try await server.client.send("GET", WirePaths.config, token: token).0 == 401)
            let second = try await server.client.login("bob", app: app).token
            let all = try await browser.post("/admin/sessions/revoke-all", [("csrf", csrf), ("account", "bob"), ("confirm", "yes")])
            #expect(all.flash == "Revoked 1 session(s) of bob.", "\(all)")
            #expect(try await server.client.send("GET", WirePaths.config, token: second).0 == 401)

            let devices = try await browser.get("/admin/devices")
            #expect(devices.body.contains("<tr><td><code>bob-phone</code></td><td>Bob&#39;s phone</td><td>bob</td><td>org.example.cases</td><td>1</td>"), "\(devices)")
            let gone = try await browser.post(
                "/admin/devices/revoke",
                [("csrf", csrf), ("device", "bob-phone"), ("app", "org.example.cases"), ("version", "1"), ("confirm", "yes")])
            #expect(gone.flash == "Revoked device bob-phone of org.example.cases 1.", "\(gone)")
            #expect(gone.body.contains("<td>revoked "))

            let administrators = try await browser.get("/admin/administrators")
            #expect(administrators.body.contains("<tr><td>alice</td><td>nurses (lead)</td><td>"), "\(administrators)")
            #expect(administrators.body.contains(#"<option value="bob">bob</option>"#))
            let granted = try await browser.post("/admin/administrators/grant", [("csrf", csrf), ("account", "bob")])
            #expect(granted.flash == "bob is now an administrator.", "\(granted)")
            let own = try await browser.post("/admin/administrators/revoke", [("csrf", csrf), ("account", "alice"), ("confirm", "yes")])
            #expect(own.status == 400)
            let bob = try await browser.post("/admin/administrators/revoke", [("csrf", csrf), ("account", "bob"), ("confirm", "yes")])
            #expect(bob.flash == "bob is no longer an administrator.", "\(bob)")

            // Each change: one `console change` line naming alice, the action and its target.
            let logged = await eventually(within: Patience.childProcess) {
                server.log.contains("console change") && server.log.contains("account=bob")
                    && server.log.contains("/admin/administrators/revoke")
            }
            #expect(logged, "\(server.log)")
            let lines = server.log.split(separator: "\n").filter { $0.contains("console change") }
            #expect(lines.count == 5, "session, sessions, device, grant, revoke (the refused one is not a change): \(lines)")
            #expect(lines.allSatisfy { $0.contains("administrator=alice") }, "\(lines)")
            #expect(lines.contains { $0.contains("/admin/devices/revoke") && $0.contains("device=bob-phone") }, "\(lines)")
        }
    }

    @Test("under LANG=ja_JP.UTF-8 the new pages and the confirmation speak Japanese")
    func japanese() async throws {
        try await withTestServer(user: true, shellPrefix: "export LANG=ja_JP.UTF-8") { server in
            try await server.admin(["administrator", "grant", "alice"])
            var browser = ConsoleBrowser(port: server.port)
            #expect(try await browser.signIn("alice").status == 303)
            let ask = try await browser.get("/admin/confirm?action=delete-user&account=alice")
            #expect(ask.body.contains("ユーザー alice を削除しますか？元に戻せません。"), "\(ask)")
            let csrf = ask.csrf ?? ""
            let refused = try await browser.post("/admin/users/delete", [("csrf", csrf), ("account", "alice")])
            #expect(refused.error == "何も変更していません。元に戻せない操作のため、先に確認してください。", "\(refused)")
            let data = try await browser.get("/admin/data")
            #expect(data.body.contains("<h1>データ</h1>"), "\(data)")
            let push = try await browser.get("/admin/push")
            #expect(push.body.contains("グループを選択…"))
        }
    }

    @Test("a failing page shows one readable line, never a server path or an error dump")
    func noPathsInErrors() async throws {
        try await AdminConsoleTests.withConsole { server, browser in
            var browser = browser
            let app = try #require(server.app)
            // The app's database file is not a database: reading it fails in the storage.
            let apps = server.dataDirectory.appendingPathComponent("apps", isDirectory: true)
            let files = try FileManager.default.contentsOfDirectory(atPath: apps.path).filter { $0.hasPrefix("\(app.id)@\(app.version)") }
            for file in files { try FileManager.default.removeItem(at: apps.appendingPathComponent(file)) }
            try Data(repeating: 0x41, count: 8192).write(to: apps.appendingPathComponent("\(app.id)@\(app.version).sqlite"))
            #expect(try await browser.signIn("alice").status == 303)
            let csrf = try await browser.get("/admin/groups").csrf ?? ""
            let twice = try await browser.post("/admin/groups", [("csrf", csrf), ("name", "nurses")])
            #expect(twice.status == 409, "\(twice)")
            #expect(twice.error?.contains("nurses already exists") == true, "\(twice)")
            #expect(!twice.body.contains(server.dataDirectory.path) && !twice.body.contains(".sqlite"), "\(twice)")
            let page = try await browser.get("/admin/data?app=\(app.id)&version=\(app.version)")
            #expect(page.status == 500, "\(page)")
            #expect(page.body.contains(#"<p id="message">The server failed; see its log.</p>"#), "\(page)")
            #expect(page.header("content-type")?.hasPrefix("text/html") == true)
            for leak in [server.dataDirectory.path, ".sqlite", "/tmp/", "SQLite error", "ServerDataError"] {
                #expect(!page.body.contains(leak), "the page shows \(leak): \(page)")
            }
            let bad = try await browser.get("/admin/data/objects?app=\(app.id)&version=\(app.version)&type=CaseReport&page=x")
            #expect(bad.status == 400)
            #expect(bad.body.contains("Page must be a whole number from 1 to 1000000, not &#39;x&#39;"), "\(bad)")
        }
    }
}
