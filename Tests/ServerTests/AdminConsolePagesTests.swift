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
            let refused = try await browser.post("/admin/groups/delete", [("csrf", csrf), ("name", "wards")])
            #expect(refused.status == 409, "a group with members is kept without force: \(refused)")
            let removed = try await browser.post(
                "/admin/groups/remove-member", [("csrf", csrf), ("group", "wards"), ("account", "bob")])
            #expect(removed.flash == "Removed bob from wards.")
            let deleted = try await browser.post("/admin/groups/delete", [("csrf", csrf), ("name", "wards")])
            #expect(deleted.flash == "Deleted group wards and 0 membership(s).", "\(deleted)")

            let apps = try await browser.get("/admin/apps")
            #expect(apps.body.contains("<tr><td>org.example.cases</td><td>1</td><td>error</td>"), "\(apps)")
            let set = try await browser.post(
                "/admin/apps/log-level", [("csrf", csrf), ("app", "org.example.cases"), ("version", "1"), ("level", "monitor")])
            #expect(set.flash == "org.example.cases 1 now collects logs at monitor.", "\(set)")
            #expect(set.body.contains("<tr><td>org.example.cases</td><td>1</td><td>monitor</td>"))
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
            let deleted = try await browser.post("/admin/push/templates/delete", [("csrf", csrf), ("name", "round")])
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
}
