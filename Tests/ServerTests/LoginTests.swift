import Foundation
import StrataServerDomain
import StrataTestSupport
import StrataWire
import Testing

@Suite("login, logout and tokens over loopback HTTP")
struct LoginTests {
    @Test("a good login returns a token, the user and their groups and roles", arguments: TestEngine.allCases)
    func goodLogin(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let answer = try await server.client.login("alice", app: server.app)
            #expect(answer.account == "alice")
            #expect(answer.token.count >= 43)
            #expect(answer.groups.map(\.groupName) == ["nurses"])
            #expect(answer.groups.map(\.roleName) == ["lead"])
            #expect(answer.validUntil > server.clock.now())
            let (status, _) = try await server.client.send("GET", WirePaths.config, token: answer.token)
            #expect(status == 200)
        }
    }

    @Test("a wrong password, an unknown account and a wrong app key get 401 with one reason", arguments: TestEngine.allCases)
    func badLogins(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let app = server.app
            let attempts = [
                LoginRequest(account: "alice", password: "wrong password", appId: app.id, appVersion: app.version, appKey: app.key),
                LoginRequest(account: "nobody", password: TestServer.password, appId: app.id, appVersion: app.version, appKey: app.key),
                LoginRequest(account: "alice", password: TestServer.password, appId: app.id, appVersion: app.version, appKey: "nope"),
                LoginRequest(account: "alice", password: TestServer.password, appId: app.id, appVersion: "2", appKey: app.key),
            ]
            var reasons: Set<String> = []
            for attempt in attempts {
                let (status, data) = try await server.client.send("POST", WirePaths.login, json: attempt)
                #expect(status == 401)
                let error = try server.client.decode(WireError.self, data)
                #expect(error.error == "unauthorized")
                reasons.insert(error.reason)
            }
            #expect(reasons.count == 1, "every failed login must read the same, so it reveals nothing")
        }
    }

    @Test("an expired token gets 401 naming the expiry", arguments: TestEngine.allCases)
    func expiredToken(engine: TestEngine) async throws {
        try await withInProcessServer(tokenLifetime: 60, engine: engine) { server in
            let token = try await server.client.login("alice", app: server.app).token
            server.clock.advance(61)
            let (status, data) = try await server.client.send("GET", WirePaths.config, token: token)
            #expect(status == 401)
            #expect(try server.client.decode(WireError.self, data).reason.contains("expired"))
        }
    }

    @Test("after logout the token no longer works", arguments: TestEngine.allCases)
    func logoutEndsTheSession(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let token = try await server.client.login("alice", app: server.app).token
            #expect(try await server.client.send("POST", WirePaths.logout, token: token).0 == 204)
            #expect(try await server.client.send("GET", WirePaths.config, token: token).0 == 401)
            #expect(try await server.client.send("POST", WirePaths.logout, token: token).0 == 401)
        }
    }

    @Test("an account or a group is one, whichever Unicode normalization form it is typed in", arguments: TestEngine.allCases)
    func normalizationFormsNameOneAccount(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let admin = server.services.admin
            let composed = "jos\u{E9}"  // é as one scalar (NFC)
            let decomposed = "jose\u{301}"  // e + combining acute (NFD): looks the same, other bytes
            _ = try await admin.createGroup(name: "p\u{E9}diatrie")
            let created = try await admin.createUser(
                account: composed, password: TestServer.password, memberships: [("pe\u{301}diatrie", "member")])
            #expect(created.groups.map(\.groupName) == ["p\u{E9}diatrie"])
            await #expect(throws: (any Error).self) {
                _ = try await admin.createUser(account: decomposed, password: "another password", memberships: [])
            }
            await #expect(throws: (any Error).self) { _ = try await admin.createGroup(name: "pe\u{301}diatrie") }
            #expect(try await admin.users().count == 4)

            for typed in [composed, decomposed] {
                let answer = try await server.client.login(typed, app: server.app)
                #expect(answer.userId == created.id, "\(Array(typed.unicodeScalars))")
                #expect(Array(answer.account.utf8) == Array(composed.utf8))
            }
        }
    }
}
