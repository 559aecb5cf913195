import Foundation
import StrataTestSupport
import StrataWire
import Testing

/// Two `strata-server serve` processes on one PostgreSQL database, as behind a load balancer:
/// what one instance does reaches the other (push wake-ups, sessions), and what stays per
/// instance (the login throttle) stays so, as Docs/Server.md says.
@Suite("two instances on one PostgreSQL database")
struct TwoInstanceTests {
    /// Runs `body` with instances A (which created alice, the group `nurses` and the cases app)
    /// and B on one new database, both started with `options`.
    static func withInstances(
        _ options: [String] = [], _ body: (_ a: TestServer, _ b: TestServer, _ app: TestServer.App) async throws -> Void
    ) async throws {
        let database = try await TestPostgres.database()
        try await withTestServer(options, user: true, database: database) { a in
            try await withTestServer(options, database: database) { b in
                try await body(a, b, try #require(a.app))
            }
        }
    }

    @Test("a push through one instance wakes a long poll waiting on the other at once, without a timed check")
    func pushWakesTheOtherInstance() async throws {
        // Checks for other processes' messages a minute apart, a poll waiting 30 s (the most a
        // poll may wait): only a signal answers before 20 s, a bound a loaded machine still meets.
        try await Self.withInstances(["--push-check-interval", "60000", "--log-level", "debug"]) { a, b, app in
            let token = try await b.client.login("alice", app: app).token
            let device = DeviceRegistration(deviceId: "phone", name: "Phone")
            #expect(try await b.client.send("POST", WirePaths.devices, token: token, json: device).0 == 204)
            async let waiting = b.client.send("GET", "\(WirePaths.devices)/phone/messages?after=0&wait=30", token: token)
            #expect(try await b.waitForLog("poll waiting"), "the poll on B did not start waiting")
            // `admin push` against A's storage: another process on the same database.
            _ = try await a.admin(["push", "--group", "nurses", "--body", "Ward 3"])
            let pushed = ContinuousClock.now
            let (status, data) = try await waiting
            #expect(status == 200)
            #expect(try b.client.decode(PushPoll.self, data).messages.map(\.body) == ["Ward 3"])
            #expect(ContinuousClock.now - pushed < .seconds(20), "B's poll waited for its deadline: nothing woke it")
        }
    }

    @Test("a token one instance issued works on the other: sessions live in the database")
    func sessionsCrossInstances() async throws {
        try await Self.withInstances { a, b, app in
            let token = try await a.client.login("alice", app: app).token
            #expect(try await b.client.send("GET", WirePaths.config, token: token).0 == 200)
            #expect(try await b.client.send("GET", WirePaths.config, token: token + "x").0 == 401)
        }
    }

    @Test("the login throttle counts per instance: an account refused on one still gets its budget on the other")
    func loginThrottleIsPerInstance() async throws {
        let limits = ["--login-account-burst", "2", "--login-account-per-minute", "1"]
        try await Self.withInstances(limits) { a, b, app in
            let wrong = LoginRequest(account: "alice", password: "wrong", appId: app.id, appVersion: app.version, appKey: app.key)
            var onA: [Int] = []
            for _ in 0..<3 { onA.append(try await a.client.send("POST", WirePaths.login, json: wrong).0) }
            #expect(onA == [401, 401, 429], "A's budget of two is spent")
            // Documented (Docs/Server.md, "Several instances"): the budget is each instance's own,
            // so N instances allow N × the burst; a shared limit belongs in the load balancer.
            let onB = try await b.client.send("POST", WirePaths.login, json: wrong).0
            #expect(onB == 401, "B keeps its own budget")
        }
    }
}
