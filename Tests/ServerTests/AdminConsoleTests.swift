import Foundation
import StrataTestSupport
import StrataWire
import Testing

/// The web console at `/admin` over real loopback HTTP against `strata-server serve`: the
/// sign-in gate, the session cookie, CSRF, the users and push pages, escaping.
@Suite("admin web console")
struct AdminConsoleTests {
    /// Every console page an anonymous request is sent away from.
    static let pages = [
        "/admin", "/admin/users", "/admin/groups", "/admin/apps", "/admin/push", "/admin/logs", "/admin/stats", "/admin/data",
        "/admin/sessions", "/admin/devices", "/admin/administrators",
    ]

    /// Runs `body` with a server on `engine` where alice (lead of `nurses`) is an administrator
    /// and bob (member of `nurses`) is not.
    static func withConsole(
        _ engine: TestEngine = .sqlite, _ body: (TestServer, ConsoleBrowser) async throws -> Void
    ) async throws {
        try await withTestServer(user: true, database: try await engine.databaseArguments().last) { server in
            try await server.admin(["administrator", "grant", "alice"])
            try await server.createUser("bob", group: "nurses")
            try await body(server, ConsoleBrowser(port: server.port))
        }
    }

    @Test("an anonymous request to any console page is sent to the sign-in page with the page as next")
    func anonymousIsRedirected() async throws {
        try await Self.withConsole { _, browser in
            var browser = browser
            for page in Self.pages + ["/admin/nowhere"] {
                let answer = try await browser.get(page)
                #expect(answer.status == 303, "\(page): \(answer)")
                #expect(answer.header("location") == "/admin/sign-in?next=" + page, "\(page)")
            }
            let post = try await browser.post("/admin/users", [("account", "mallory"), ("password", "long enough")])
            #expect(post.status == 303)
            #expect(try await browser.get("/admin/sign-in").status == 200)
        }
    }

    @Test("sign-in sets an HttpOnly, SameSite=Strict session cookie for /admin with an expiry, and leads to the overview", arguments: TestEngine.allCases)
    func signInSetsTheSessionCookie(engine: TestEngine) async throws {
        try await Self.withConsole(engine) { _, browser in
            var browser = browser
            let form = try await browser.get("/admin/sign-in")
            #expect(form.body.contains(#"<form id="sign-in" method="post">"#))
            #expect(form.body.contains(#"<input name="password" type="password""#))
            let answer = try await browser.signIn("alice")
            #expect(answer.status == 303, "\(answer)")
            #expect(answer.header("location") == "/admin")
            let session = try #require(answer.setCookies.first { $0.hasPrefix("strata_console=") })
            for attribute in ["HttpOnly", "SameSite=Strict", "Path=/admin", "Max-Age=28800"] {
                #expect(session.contains(attribute), "\(session) lacks \(attribute)")
            }
            // Plain HTTP on loopback: a browser would not send a Secure cookie back.
            #expect(!session.contains("Secure"))
            let overview = try await browser.get("/admin")
            #expect(overview.status == 200, "\(overview)")
            for link in Self.pages.dropFirst() { #expect(overview.body.contains(#"href="\#(link)""#), "\(link)") }
            #expect(overview.body.contains(#"<form id="sign-out" method="post" action="/admin/sign-out">"#))
        }
    }

    @Test("behind a TLS proxy (X-Forwarded-Proto: https) the session cookie is Secure")
    func secureBehindAProxy() async throws {
        try await Self.withConsole { _, browser in
            var browser = browser
            let form = try await browser.get("/admin/sign-in")
            let answer = try await browser.send(
                "POST", "/admin/sign-in",
                body: ConsoleBrowser.encode([("csrf", form.csrf ?? ""), ("account", "alice"), ("password", TestServer.password)]),
                headers: ["X-Forwarded-Proto: https"])
            let session = try #require(answer.setCookies.first { $0.hasPrefix("strata_console=") }, "\(answer)")
            #expect(session.contains("; Secure"))
        }
    }

    @Test("a wrong password and a non-administrator are refused with a page saying so, and get no session")
    func refusals() async throws {
        try await Self.withConsole { _, browser in
            var browser = browser
            let wrong = try await browser.signIn("alice", password: "not the password")
            #expect(wrong.status == 401)
            #expect(wrong.error == "The account or password is wrong.")
            #expect(browser.cookies["strata_console"] == nil)
            let unknown = try await browser.signIn("nobody")
            #expect(unknown.status == 401)
            #expect(unknown.error == wrong.error)
            let bob = try await browser.signIn("bob")
            #expect(bob.status == 403)
            #expect(bob.body.contains("bob is not an administrator"))
            #expect(bob.body.contains("admin administrator grant bob"))
            #expect(browser.cookies["strata_console"] == nil)
            #expect(try await browser.get("/admin/users").status == 303)
        }
    }

    @Test("a sign-in form without its token, or a form with a missing or wrong CSRF token, is refused with 403 and changes nothing", arguments: TestEngine.allCases)
    func csrf(engine: TestEngine) async throws {
        try await Self.withConsole(engine) { server, browser in
            var browser = browser
            _ = try await browser.get("/admin/sign-in")
            let forgedSignIn = try await browser.post(
                "/admin/sign-in", [("csrf", "guess"), ("account", "alice"), ("password", TestServer.password)])
            #expect(forgedSignIn.status == 403)
            #expect(browser.cookies["strata_console"] == nil)
            #expect(try await browser.signIn("alice").status == 303)
            let fields = [("account", "mallory"), ("password", "long enough"), ("role", "member")]
            let missing = try await browser.post("/admin/users", fields)
            #expect(missing.status == 403, "\(missing)")
            let wrong = try await browser.post("/admin/users", fields + [("csrf", "0123")])
            #expect(wrong.status == 403)
            let signOut = try await browser.post("/admin/sign-out", [("csrf", "0123")])
            #expect(signOut.status == 403)
            #expect(!(try await server.admin(["user", "list"])).contains("mallory"))
            #expect(try await browser.get("/admin/users").status == 200, "the forged sign-out ended the session")
        }
    }

    @Test("creating a user through the form adds their row; sending a push reports the devices reached", arguments: TestEngine.allCases)
    func createUserAndPush(engine: TestEngine) async throws {
        try await Self.withConsole(engine) { server, browser in
            var browser = browser
            #expect(try await browser.signIn("alice").status == 303)
            let users = try await browser.get("/admin/users")
            #expect(users.body.contains(#"<form id="create-user" method="post" action="/admin/users">"#))
            #expect(users.body.contains(#"<select name="group"><option value=""></option><option value="nurses">nurses</option>"#))
            let created = try await browser.post(
                "/admin/users",
                [("csrf", users.csrf ?? ""), ("account", "carol"), ("password", "carol's password"), ("group", "nurses"), ("role", "lead")])
            #expect(created.status == 200, "\(created)")
            #expect(created.flash == "Created user carol.")
            #expect(created.body.contains("<tr><td>carol</td><td>nurses (lead)</td>"))
            #expect(try await server.admin(["user", "list"]).contains("carol"))
            let short = try await browser.post(
                "/admin/users", [("csrf", users.csrf ?? ""), ("account", "dave"), ("password", "short"), ("group", "")])
            #expect(short.status == 400)
            #expect(short.error?.isEmpty == false, "\(short)")

            // carol's device, registered through the API, is the one the push reaches.
            let app = try #require(server.app)
            let token = try await server.client.login("carol", password: "carol's password", app: app).token
            let device = DeviceRegistration(deviceId: "phone", name: "Phone")
            #expect(try await server.client.send("POST", WirePaths.devices, token: token, json: device).0 == 204)
            let push = try await browser.get("/admin/push")
            #expect(push.body.contains(#"<form id="send-push" method="post" action="/admin/push">"#))
            let sent = try await browser.post(
                "/admin/push", [("csrf", push.csrf ?? ""), ("group", "nurses"), ("title", "Ward 3"), ("body", "Round at 10")])
            #expect(sent.status == 200, "\(sent)")
            #expect(sent.flash?.contains("sent to 1 device(s)") == true, "\(sent)")
            let empty = try await browser.post("/admin/push", [("csrf", push.csrf ?? ""), ("group", "nurses")])
            #expect(empty.status == 400)
        }
    }

    @Test("a user named <script> is shown escaped on every page that lists users")
    func escaping() async throws {
        try await Self.withConsole { server, browser in
            var browser = browser
            let hostile = #"<script>alert("x")</script>"#
            try await server.createUser(hostile, group: "nurses")
            #expect(try await browser.signIn("alice").status == 303)
            let users = try await browser.get("/admin/users")
            #expect(!users.body.contains("<script>"), "\(users)")
            #expect(users.body.contains("<tr><td>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;</td>"))
            let failed = try await browser.signIn(hostile, password: "wrong password")
            #expect(!failed.body.contains("<script>"))
        }
    }

    @Test("next is followed only to a console page, never to another site")
    func noOpenRedirect() async throws {
        try await Self.withConsole { _, browser in
            var browser = browser
            let form = try await browser.get("/admin/sign-in?next=%2F%2Fevil.example")
            #expect(form.body.contains(#"name="next" value="/admin""#))
            for next in ["//evil.example/admin", "https://evil.example", "/admin/../v1/config", "/adminx", "/admin\\evil"] {
                var fresh = ConsoleBrowser(port: browser.port)
                let answer = try await fresh.signIn("alice", next: next)
                #expect(answer.header("location") == "/admin", "\(next)")
            }
            let kept = try await browser.signIn("alice", next: "/admin/users")
            #expect(kept.header("location") == "/admin/users")
        }
    }

    @Test("signing out ends the session: the old cookie is sent to sign in again")
    func signOut() async throws {
        try await Self.withConsole { _, browser in
            var browser = browser
            #expect(try await browser.signIn("alice").status == 303)
            let overview = try await browser.get("/admin")
            let secret = try #require(browser.cookies["strata_console"])
            let out = try await browser.post("/admin/sign-out", [("csrf", overview.csrf ?? "")])
            #expect(out.status == 303)
            #expect(out.header("location") == "/admin/sign-in")
            #expect(out.setCookies.contains { $0.hasPrefix("strata_console=;") && $0.contains("Max-Age=0") })
            browser.cookies["strata_console"] = secret
            #expect(try await browser.get("/admin").status == 303)
        }
    }

    @Test("a console session started on one instance works on the other: sessions live in the database")
    func sessionsCrossInstances() async throws {
        try await TwoInstanceTests.withInstances { a, b, _ in
            try await a.admin(["administrator", "grant", "alice"])
            var onA = ConsoleBrowser(port: a.port)
            #expect(try await onA.signIn("alice").status == 303)
            var onB = ConsoleBrowser(port: b.port)
            onB.cookies = onA.cookies
            let users = try await onB.get("/admin/users")
            #expect(users.status == 200, "\(users)")
            #expect(users.body.contains("<tr><td>alice</td>"))
        }
    }

    @Test("console sign-ins share /v1/login's throttle: past the account's budget the form says when to try again (429)")
    func throttled() async throws {
        let limits = ["--login-account-burst", "2", "--login-account-per-minute", "1"]
        try await withTestServer(limits, user: true) { server in
            try await server.admin(["administrator", "grant", "alice"])
            var browser = ConsoleBrowser(port: server.port)
            var statuses: [Int] = []
            for _ in 0..<3 { statuses.append(try await browser.signIn("alice", password: "wrong password").status) }
            #expect(statuses == [401, 401, 429])
            let refused = try await browser.signIn("alice")
            #expect(refused.status == 429)
            #expect(refused.error?.hasPrefix("Too many sign-in attempts; try again in ") == true, "\(refused)")
        }
    }

    @Test("a new password or disabling the administrator ends their console session")
    func passwordAndDisablingEndSessions() async throws {
        try await Self.withConsole { server, browser in
            var browser = browser
            #expect(try await browser.signIn("alice").status == 303)
            try await server.admin(["user", "update", "alice", "--password-stdin"], stdin: "another password\n")
            #expect(try await browser.get("/admin").status == 303, "a new password ends the session")
            try await server.admin(["administrator", "grant", "bob"])
            var bob = ConsoleBrowser(port: server.port)
            #expect(try await bob.signIn("bob").status == 303)
            #expect(try await bob.get("/admin").status == 200)
            try await server.admin(["user", "update", "bob", "--disable"])
            #expect(try await bob.get("/admin").status == 303, "disabling ends the session")
        }
    }
}
