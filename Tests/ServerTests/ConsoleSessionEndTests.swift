import Foundation
import StrataTestSupport
import Testing

/// Disabling a user, revoking their administrator grant or deleting them removes their web
/// console sessions, on both engines: enabling or granting again later never brings an old
/// cookie back.
@Suite("admin web console: sessions that end stay ended")
struct ConsoleSessionEndTests {
    /// Signs alice in to the console and returns her browser, its session cookie checked.
    static func signedIn(_ server: TestServer) async throws -> ConsoleBrowser {
        var browser = ConsoleBrowser(port: server.port)
        #expect(try await browser.signIn("alice").status == 303)
        #expect(try await browser.get("/admin").status == 200, "signed in")
        return browser
    }

    @Test("sign in, disable (its line counts the console session removed), enable: the old console cookie is refused", arguments: TestEngine.allCases)
    func disableThenEnable(engine: TestEngine) async throws {
        try await AdminConsoleTests.withConsole(engine) { server, _ in
            var browser = try await Self.signedIn(server)
            // The line counts the console session it removed, apart from the app sessions.
            let disabled = try await server.admin(["user", "update", "alice", "--disable"])
            #expect(disabled.hasSuffix(", 1 web console session revoked\n"), "\(disabled)")
            let enabled = try await server.admin(["user", "update", "alice", "--enable"])
            #expect(enabled == "user alice: enabled; 0 sessions, 0 web console sessions revoked\n", "\(enabled)")
            let answer = try await browser.get("/admin")
            #expect(answer.status == 303, "\(answer)")
            #expect(answer.header("location")?.hasPrefix("/admin/sign-in") == true, "\(answer)")
            #expect(try await browser.signIn("alice").status == 303, "signing in again works")
        }
    }

    @Test("sign in, revoke the administrator grant, grant it again: the old console cookie is refused", arguments: TestEngine.allCases)
    func revokeThenGrant(engine: TestEngine) async throws {
        try await AdminConsoleTests.withConsole(engine) { server, _ in
            var browser = try await Self.signedIn(server)
            try await server.admin(["administrator", "revoke", "alice"])
            try await server.admin(["administrator", "grant", "alice"])
            let answer = try await browser.get("/admin")
            #expect(answer.status == 303, "\(answer)")
        }
    }

    @Test("disabling a user from the console's users page ends their console sessions for good", arguments: TestEngine.allCases)
    func disableFromTheConsole(engine: TestEngine) async throws {
        try await AdminConsoleTests.withConsole(engine) { server, _ in
            try await server.admin(["administrator", "grant", "bob"])
            var bob = ConsoleBrowser(port: server.port)
            #expect(try await bob.signIn("bob").status == 303)
            #expect(try await bob.get("/admin").status == 200)
            var alice = try await Self.signedIn(server)
            let users = try await alice.get("/admin/users")
            let disabled = try await alice.post("/admin/users/disable", [("csrf", users.csrf ?? ""), ("account", "bob")])
            #expect(disabled.status == 303 || disabled.status == 200, "\(disabled)")
            #expect(try await bob.get("/admin").status == 303, "disabling ends the session")
            let enabled = try await alice.post("/admin/users/enable", [("csrf", users.csrf ?? ""), ("account", "bob")])
            #expect(enabled.status == 303 || enabled.status == 200, "\(enabled)")
            #expect(try await bob.get("/admin").status == 303)
        }
    }
}
