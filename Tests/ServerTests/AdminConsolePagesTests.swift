import Foundation
import StrataTestSupport
import StrataWire
import Testing

/// The web console's other pages: groups and roles, apps and log levels, templates, logs and
/// stats with the chart of events per day.
@Suite("admin web console pages")
struct AdminConsolePagesTests {
    @Test("groups: create, add a member, change the role, remove, delete; apps: set the log level", arguments: TestEngine.allCases)
    func groupsAndApps(engine: TestEngine) async throws {
        try await AdminConsoleTests.withConsole(engine) { server, browser in
            var browser = browser
            #expect(try await browser.signIn("alice").status == 303)
            let page = try await browser.get("/admin/groups")
            #expect(page.status == 200)
            let csrf = page.csrf ?? ""
            #expect(try await browser.post("/admin/groups", [("csrf", csrf), ("name", "wards")]).flash == "Created group wards.")
            let added = try await browser.post(
                "/admin/groups/add-member", [("csrf", csrf), ("group", "wards"), ("account", "bob"), ("role", "lead")])
            #expect(added.flash == "Added bob to wards as lead.", "\(added)")
            let role = try await browser.post(
                "/admin/groups/role", [("csrf", csrf), ("group", "wards"), ("account", "bob"), ("role", "member")])
            #expect(role.flash == "bob is now member of wards.")
            #expect(try await server.admin(["group", "members", "wards"]).contains("bob"))
            let badRole = try await browser.post(
                "/admin/groups/role", [("csrf", csrf), ("group", "wards"), ("account", "bob"), ("role", "owner")])
            #expect(badRole.status == 400)
            #expect(badRole.error?.contains("member, lead") == true, "\(badRole)")
            let refused = try await browser.post("/admin/groups/delete", [("csrf", csrf), ("name", "wards"), ("confirm", "yes")])
            #expect(refused.status == 409, "a group with members is kept without force: \(refused)")
            let removed = try await browser.post(
                "/admin/groups/remove-member", [("csrf", csrf), ("group", "wards"), ("account", "bob"), ("confirm", "yes")])
            #expect(removed.flash == "Removed bob from wards.")
            let deleted = try await browser.post("/admin/groups/delete", [("csrf", csrf), ("name", "wards"), ("confirm", "yes")])
            #expect(deleted.flash == "Deleted group wards and 0 membership(s).", "\(deleted)")

            let apps = try await browser.get("/admin/apps")
            #expect(apps.body.contains("<tr><td>org.example.cases</td><td>1</td><td>error</td>"), "\(apps)")
            let set = try await browser.post(
                "/admin/apps/log-level", [("csrf", csrf), ("app", "org.example.cases"), ("version", "1"), ("level", "monitor")])
            #expect(set.flash == "org.example.cases 1 now collects logs at monitor.", "\(set)")
            #expect(set.body.contains("<tr><td>org.example.cases</td><td>1</td><td>monitor</td>"))
        }
    }

    @Test("users: set a password, disable, enable, delete; an administrator cannot disable or delete themself here", arguments: TestEngine.allCases)
    func updateUsers(engine: TestEngine) async throws {
        try await AdminConsoleTests.withConsole(engine) { server, browser in
            var browser = browser
            #expect(try await browser.signIn("alice").status == 303)
            let csrf = try await browser.get("/admin/users").csrf ?? ""
            let password = try await browser.post(
                "/admin/users/password", [("csrf", csrf), ("account", "bob"), ("password", "bob's new password")])
            #expect(password.flash == "Set the password of bob; 0 session(s) ended.", "\(password)")
            let app = try #require(server.app)
            _ = try await server.client.login("bob", password: "bob's new password", app: app)
            let disabled = try await browser.post("/admin/users/disable", [("csrf", csrf), ("account", "bob")])
            #expect(disabled.flash == "Disabled bob; 1 session(s) ended.", "\(disabled)")
            #expect(disabled.body.contains("<tr><td>bob</td><td>nurses (member)</td><td>disabled</td>"))
            #expect(disabled.body.contains(#"action="/admin/users/enable""#))
            let enabled = try await browser.post("/admin/users/enable", [("csrf", csrf), ("account", "bob")])
            #expect(enabled.flash == "Enabled bob.")
            let own = try await browser.post("/admin/users/disable", [("csrf", csrf), ("account", "alice")])
            #expect(own.status == 400)
            #expect(try await browser.post("/admin/users/delete", [("csrf", csrf), ("account", "alice"), ("confirm", "yes")]).status == 400)
            let deleted = try await browser.post("/admin/users/delete", [("csrf", csrf), ("account", "bob"), ("confirm", "yes")])
            #expect(deleted.flash == "Deleted bob with 0 session(s) and 0 device(s).", "\(deleted)")
            #expect(!deleted.body.contains("<tr><td>bob</td>"))
            let ghost = try await browser.post("/admin/users/delete", [("csrf", csrf), ("account", "bob"), ("confirm", "yes")])
            #expect(ghost.status == 404)
            #expect(ghost.error?.contains("bob") == true)
        }
    }

    @Test("templates: save, show, send a push from one, delete")
    func templates() async throws {
        try await AdminConsoleTests.withConsole { _, browser in
            var browser = browser
            #expect(try await browser.signIn("alice").status == 303)
            let csrf = try await browser.get("/admin/push").csrf ?? ""
            let saved = try await browser.post(
                "/admin/push/templates", [("csrf", csrf), ("name", "round"), ("title", "Round"), ("body", "Ward round at 10")])
            #expect(saved.flash == "Saved template round.", "\(saved)")
            let shown = try await browser.get("/admin/push?template=round")
            #expect(shown.body.contains("<tr><th>Body</th><td>Ward round at 10</td></tr>"), "\(shown)")
            let sent = try await browser.post("/admin/push", [("csrf", csrf), ("group", "nurses"), ("template", "round")])
            #expect(sent.flash?.contains("sent to 0 device(s)") == true, "\(sent)")
            #expect(try await browser.get("/admin/push?template=none").status == 404)
            let deleted = try await browser.post("/admin/push/templates/delete", [("csrf", csrf), ("name", "round"), ("confirm", "yes")])
            #expect(deleted.flash == "Deleted template round.")
        }
    }

    @Test("logs and stats render what the apps uploaded, with the chart of events per day", arguments: TestEngine.allCases)
    func logsAndStats(engine: TestEngine) async throws {
        try await AdminConsoleTests.withConsole(engine) { server, browser in
            var browser = browser
            let app = try #require(server.app)
            try await server.admin(["app", "log-level", app.id, "--version", app.version, "monitor"])
            let token = try await server.client.login("alice", app: app).token
            let upload = LogUpload(entries: [
                WireLogEntry(level: "monitor", message: "report created", metadata: ["kind": "report.created"], loggedAt: Date()),
                WireLogEntry(level: "error", message: "<b>boom</b>", metadata: ["kind": "error"], loggedAt: Date()),
            ])
            #expect(try await server.client.send("POST", WirePaths.logs, token: token, json: upload).0 == 204)
            #expect(try await browser.signIn("alice").status == 303)
            let logs = try await browser.get("/admin/logs")
            #expect(logs.status == 200, "\(logs)")
            #expect(logs.body.contains("<td>report.created</td><td>alice</td>"), "\(logs)")
            #expect(logs.body.contains("&lt;b&gt;boom&lt;/b&gt;"))
            let errors = try await browser.get("/admin/logs?level=error&user=alice")
            #expect(!errors.body.contains("report created"))
            #expect(errors.body.contains("&lt;b&gt;boom"))
            let bad = try await browser.get("/admin/logs?since=yesterday&limit=0")
            #expect(bad.status == 200)
            #expect(bad.error?.isEmpty == false, "\(bad)")

            let stats = try await browser.get("/admin/stats?days=3")
            #expect(stats.status == 200, "\(stats)")
            #expect(stats.body.contains(#"<svg id="events-chart""#))
            #expect(stats.body.components(separatedBy: #"<rect class="bar""#).count - 1 == 3, "one bar per day")
            #expect(stats.body.contains("report.created: 1"))
            #expect(stats.body.contains("<tr><td>org.example.cases</td><td>1</td><td>1</td></tr>"), "\(stats)")
            let outOfRange = try await browser.get("/admin/stats?days=0")
            #expect(outOfRange.error?.contains("1 to 366") == true)
            #expect(outOfRange.body.contains(#"<svg id="events-chart""#))
        }
    }

    @Test("hostile bodies are refused with a line on the page: too large, not a form, a field given twice, unknown pages are 404")
    func hostileBodies() async throws {
        try await AdminConsoleTests.withConsole { server, browser in
            var browser = browser
            #expect(try await browser.signIn("alice").status == 303)
            let csrf = try await browser.get("/admin/users").csrf ?? ""
            let large = try await browser.post(
                "/admin/users", [("csrf", csrf), ("account", "x"), ("password", String(repeating: "p", count: 70_000))])
            #expect(large.status == 400)
            #expect(large.body.contains("larger than 65536 bytes"), "\(large)")
            let twice = try await browser.send(
                "POST", "/admin/users", body: "csrf=\(csrf)&account=a&account=b&password=long+enough")
            #expect(twice.status == 400)
            #expect(twice.body.contains("the field account is given more than once"))
            let json = try await browser.send("POST", "/admin/users", body: #"{"account":"a"}"#, contentType: "application/json")
            #expect(json.status == 400, "\(json)")
            #expect(json.body.contains("application/x-www-form-urlencoded"))
            #expect(!(try await server.admin(["user", "list"])).contains("\ta\t"))
            let missing = try await browser.get("/admin/nowhere")
            #expect(missing.status == 404)
            #expect(missing.body.contains("There is no console page at /admin/nowhere."))
        }
    }

    @Test("the console is not part of the API's OpenAPI document")
    func notInTheOpenAPIDocument() async throws {
        try await withTestServer { server in
            let (status, data) = try await server.client.send("GET", WirePaths.openAPI)
            #expect(status == 200)
            #expect(!String(decoding: data, as: UTF8.self).contains("/admin"))
        }
    }

    @Test("under LANG=ja_JP.UTF-8 the console speaks Japanese")
    func japanese() async throws {
        try await withTestServer(shellPrefix: "export LANG=ja_JP.UTF-8") { server in
            var browser = ConsoleBrowser(port: server.port)
            let form = try await browser.get("/admin/sign-in")
            #expect(form.body.contains(#"<html lang="ja">"#), "\(form)")
            #expect(form.body.contains("サインイン"))
            let wrong = try await browser.signIn("nobody", password: "wrong password")
            #expect(wrong.error == "アカウントまたはパスワードが違います。")
        }
    }
}
