import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import StrataTestSupport
import StrataWire
import Testing

/// A PostgreSQL database that stops taking connections under a running `strata-server`: requests
/// fail fast with 503 and `Retry-After` (a load balancer or client tries again), and the server
/// recovers by itself when the database is back.
@Suite("strata-server while its PostgreSQL database is unreachable")
struct DatabaseOutageTests {
    /// The shared cluster's own `strata` database: where `ALTER DATABASE` on `url`'s runs.
    static func maintenance(_ url: String) throws -> (url: String, name: String) {
        var components = try #require(URLComponents(string: url))
        let name = String(components.path.dropFirst())
        components.path = "/strata"
        return (components.string ?? url, name)
    }

    @Test("requests answer 503 unavailable with Retry-After within seconds, not a hang, and succeed again once it is back")
    func outageIsA503ThenRecovers() async throws {
        // The default wait for a pooled connection (5 s), not the other tests' loaded-run minute.
        let url = try TestPostgres.connectTimeout(5, in: try await TestPostgres.database())
        let (maintenance, name) = try Self.maintenance(url)
        try await withTestServer(user: true, database: url) { server in
            let app = try #require(server.app)
            #expect(try await server.client.login("alice", app: app).token.isEmpty == false)

            try await TestPostgres.execute(
                """
                ALTER DATABASE \(name) ALLOW_CONNECTIONS false;
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)';
                """, in: maintenance)
            let request = LoginRequest(account: "alice", password: TestServer.password, appId: app.id, appVersion: app.version, appKey: app.key)
            let started = ContinuousClock.now
            var request503 = URLRequest(url: URL(string: server.url + WirePaths.login)!)
            request503.httpMethod = "POST"
            request503.httpBody = try WireCoding.encoder().encode(request)
            request503.setValue("application/json", forHTTPHeaderField: "Content-Type")
            let (data, response) = try await URLSession.shared.data(for: request503)
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 503, "\(String(decoding: data, as: UTF8.self))")
            #expect(http.value(forHTTPHeaderField: "Retry-After") == "1")
            let error = try server.client.decode(WireError.self, data)
            // Anonymous: no database host, port or name in the answer (they are in the server's log).
            #expect(error.error == "unavailable" && error.reason == "the database is unavailable; try again shortly", "\(error)")
            #expect(ContinuousClock.now - started < .seconds(30), "the request waited for the database")
            #expect(try await server.client.send("GET", "/health/ready").0 == 503)
            let lines = try await MetricsTests.scrape(server, until: [])
            let unavailable = lines.first { $0.hasPrefix("strata_db_unavailable_total ") }.flatMap { Int($0.split(separator: " ")[1]) }
            #expect((unavailable ?? 0) >= 1, "strata_db_unavailable_total: \(String(describing: unavailable))")

            try await TestPostgres.execute("ALTER DATABASE \(name) ALLOW_CONNECTIONS true", in: maintenance)
            let recovered = await eventually(within: Patience.childProcess, every: .milliseconds(500)) {
                try await server.client.send("POST", WirePaths.login, json: request).0 == 200
            }
            #expect(recovered, "the server did not recover: \(server.log.suffix(2000))")
        }
    }
}
