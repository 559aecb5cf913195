import Foundation
import StrataTestSupport
import StrataWire
import Testing

/// `GET /metrics` on a real `strata-server` child: the Prometheus exposition the host
/// bootstraps, with the sync, login and request counters labelled as documented.
@Suite("the Prometheus metrics")
struct MetricsTests {
    /// The exposition's sample lines, scraped until every one of `wanted` is among them (the
    /// request counters are recorded once an answer's body is written, a moment after the client
    /// reads it).
    static func scrape(_ server: TestServer, until wanted: [String]) async throws -> [String] {
        let deadline = ContinuousClock.now + Patience.childProcess
        while true {
            let (status, data) = try await server.client.send("GET", "/metrics")
            #expect(status == 200)
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            if wanted.allSatisfy(lines.contains) || ContinuousClock.now > deadline { return lines }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    @Test("a push, a duplicate, a pull and a failed login show up under their names and labels", arguments: TestEngine.allCases)
    func countersAfterSync(engine: TestEngine) async throws {
        let database = try await engine.databaseArguments().last
        let server = try await TestServer.start(user: true, database: database)
        try await withCleanUp(of: server, by: { _ = await $0.stop() }) { server in
            let token = try await server.login()
            let change = WireChange.report("r1", name: "first", scope: 1)
            #expect(try await server.client.push([change], token: token) == ["applied"])
            #expect(try await server.client.push([change], token: token) == ["duplicate"])
            _ = try await server.client.pull("CaseReport", token: token)
            let app = try #require(server.app)
            await #expect(throws: (any Error).self) { try await server.client.login("alice", password: "wrong", app: app) }
            // PostgreSQL's pool: its size, nothing leased or waiting once every answer is in.
            let pool = ["strata_db_connections_max 20.0", "strata_db_connections_in_use 0.0", "strata_db_lease_waiting 0.0"]
            let wanted = [
                #"strata_changes_total{status="applied"} 1"#,
                #"strata_changes_total{status="duplicate"} 1"#,
                "strata_pull_pages_total 1",
                "strata_login_failures_total 1",
                "strata_long_polls_open 0.0",
            ] + (engine == .postgres ? pool : [])
            let lines = try await Self.scrape(server, until: wanted)
            for line in wanted { #expect(lines.contains(line), "missing \(line)") }
            let pushes = lines.filter {
                $0.hasPrefix("strata_http_requests_total{") && $0.contains(#"route="/v1/changes""#)
                    && $0.contains(#"method="POST""#) && $0.contains(#"status="200""#)
            }
            #expect(pushes.count == 1 && pushes.first?.hasSuffix(" 2") == true, "push requests: \(pushes)")
            #expect(
                lines.contains {
                    $0.hasPrefix("strata_http_requests_total{") && $0.contains(#"route="/v1/auth/login""#)
                        && $0.contains(#"status="401""#)
                }, "no 401 login among \(lines.filter { $0.hasPrefix("strata_http_requests_total") })")
            #expect(
                lines.contains {
                    $0.hasPrefix("strata_http_request_duration_seconds_bucket{") && $0.contains(#"route="/v1/changes""#)
                }, "no latency histogram for pushes")
            let leases = lines.first { $0.hasPrefix("strata_db_lease_wait_seconds_count") }
            if engine == .postgres {
                #expect(leases.flatMap { Int($0.split(separator: " ").last ?? "") }.map { $0 > 3 } == true, "\(String(describing: leases))")
            } else {
                #expect(leases == nil, "SQLite has no pool to report")
            }
        }
    }

    @Test("the open long polls gauge counts a waiting poll and drops when it is answered")
    func openPollsGauge() async throws {
        let server = try await TestServer.start(["--log-level", "debug"], user: true)
        try await withCleanUp(of: server, by: { _ = await $0.stop() }) { server in
            let token = try await server.login()
            let device = DeviceRegistration(deviceId: "laptop", name: "Laptop")
            #expect(try await server.client.send("POST", WirePaths.devices, token: token, json: device).0 == 204)
            let client = server.client
            // A poll open long enough that a scrape on a loaded machine sees it before its answer
            // (3 s was missed once: the first scrape came back after the poll had been answered).
            let polling = Task { try await client.send("GET", "\(WirePaths.devices)/laptop/messages?after=0&wait=20", token: token) }
            let open = try await Self.scrape(server, until: ["strata_long_polls_open 1.0"])
            #expect(open.contains("strata_long_polls_open 1.0"))
            #expect(try await polling.value.0 == 200)
            let closed = try await Self.scrape(server, until: ["strata_long_polls_open 0.0"])
            #expect(closed.contains("strata_long_polls_open 0.0"))
        }
    }
}
