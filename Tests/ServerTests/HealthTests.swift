import Foundation
import Logging
import StrataServerData
import StrataServerDomain
import StrataTestSupport
import Testing

/// `GET /health/live` and `GET /health/ready`: unauthenticated probes; ready means the
/// database answers and its schema version is the binary's, else 503 with the reason.
@Suite("the health probes")
struct HealthTests {
    /// The JSON object of a probe's body.
    static func object(_ data: Data) throws -> [String: String] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
    }

    @Test("live and ready answer 200 without a token on a fresh server", arguments: TestEngine.allCases)
    func liveAndReady(engine: TestEngine) async throws {
        try await withInProcessServer(engine: engine) { server in
            let (liveStatus, live) = try await server.client.send("GET", "/health/live")
            #expect(liveStatus == 200)
            #expect(try Self.object(live) == ["status": "live"])
            let (readyStatus, ready) = try await server.client.send("GET", "/health/ready")
            #expect(readyStatus == 200)
            #expect(try Self.object(ready) == ["status": "ready"])
        }
    }

    @Test("ready answers 503 naming both versions when the SQLite schema is not the server's: a newer one asks to upgrade the server, an older one to migrate")
    func notReadyOnSQLite() async throws {
        try await withInProcessServer { server in
            let control = server.directory.appendingPathComponent("control.sqlite").path
            // This server's version: the number of migrations it applied.
            let current = try #require(try OperationIdTests.texts(at: control, sql: "PRAGMA user_version").first)
            let newer = try #require(Int(current)) + 1
            try OperationIdTests.execute(at: control, sql: "PRAGMA user_version = \(newer)")
            let (status, data) = try await server.client.send("GET", "/health/ready")
            #expect(status == 503)
            let body = try Self.object(data)
            #expect(body["status"] == "notReady")
            // One past this server's: a newer server migrated it, and migrate cannot go back.
            #expect(
                body["reason"]
                    == "control.sqlite has schema version \(newer), newer than this server's \(current): a newer strata-server "
                    + "migrated it; upgrade this server (migrate cannot go back)")
            try OperationIdTests.execute(at: control, sql: "PRAGMA user_version = 1")
            let (_, older) = try await server.client.send("GET", "/health/ready")
            #expect(
                try Self.object(older)["reason"]
                    == "control.sqlite has schema version 1, this server expects \(current); run strata-server migrate")
            let (liveStatus, _) = try await server.client.send("GET", "/health/live")
            #expect(liveStatus == 200)
        }
    }

    @Test("readiness names both versions when the PostgreSQL schema is newer than the server's, and asks to upgrade the server")
    func notReadyOnPostgres() async throws {
        try await TestPostgres.withDatabase { url in
            let logger = Logger(label: "health") { _ in SwiftLogNoOpLogHandler() }
            let data = try await ServerDataFactory.postgres(url: url, logger: logger)
            // The probe's 2 s wait is for a load balancer; a loaded test machine gets the tests' patience.
            let settings = ServerSettings(readinessTimeout: Patience.childProcess)
            let services = ServerDomainFactory.make(data: data, clock: MutableClock(), settings: settings, logger: logger)
            #expect(await services.readiness() == .ready)
            try await TestPostgres.execute("INSERT INTO strata_migrations (number, name) VALUES (99, 'future')", in: url)
            let readiness = await services.readiness()
            #expect(!readiness.isReady)
            #expect(readiness.reason.hasPrefix("the database has schema version 99, newer than this server's "), "\(readiness)")
            #expect(readiness.reason.hasSuffix("upgrade this server (migrate cannot go back)"), "\(readiness)")
        }
    }
}
