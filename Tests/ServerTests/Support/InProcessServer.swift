import Foundation
import Logging
import StrataServerData
import StrataServerDomain
import StrataServerKit
import StrataTestSupport
import StrataWire

/// The real server, in-process on a free loopback port, over SQLite in a temporary directory
/// or a fresh database on the test PostgreSQL cluster (``TestEngine``),
/// with two groups (nurses: alice, carol; doctors: bob) and one app; every user's password is
/// ``TestServer/password``. (``TestServer`` is the same server as a child process.)
final class InProcessServer: Sendable {
    let port: Int
    let clock: MutableClock
    let services: any ServerServices
    let app: TestServer.App
    let directory: URL
    private let task: Task<Void, any Error>

    var client: WireClient { WireClient(base: URL(string: "http://127.0.0.1:\(port)")!) }

    private init(
        port: Int, clock: MutableClock, services: any ServerServices, app: TestServer.App, directory: URL, task: Task<Void, any Error>
    ) {
        self.port = port
        self.clock = clock
        self.services = services
        self.app = app
        self.directory = directory
        self.task = task
    }

    /// Starts a server with tokens valid for `tokenLifetime` seconds, `protections` (the
    /// production defaults unless given), its log going to `logs` when given.
    static func start(
        tokenLifetime: TimeInterval = 3600, protections: ServerProtections = ServerProtections(), logs: LogCapture? = nil,
        engine: TestEngine = .sqlite, conflictPolicies: [String: WireConflictPolicy] = [:],
        maxOverwritesPerPull: Int = 500
    ) async throws -> InProcessServer {
        let directory = TemporaryRoot.directory("server")
        var logger = Logger(label: "strata-server-test") { _ in logs.map { $0 as any LogHandler } ?? SwiftLogNoOpLogHandler() }
        if logs != nil { logger.logLevel = .debug }
        let clock = MutableClock()
        let data = try await engine.open(directory: directory, logger: logger)
        let services = ServerDomainFactory.make(
            data: data, clock: clock, settings: ServerSettings(
                tokenLifetime: tokenLifetime, conflictPolicies: conflictPolicies, maxOverwritesPerPull: maxOverwritesPerPull,
                // The probe's 2 s is for a load balancer; a loaded test machine's SQLite check may take longer.
                readinessTimeout: Patience.childProcess),
            logger: logger)
        _ = try await services.admin.createGroup(name: "nurses")
        _ = try await services.admin.createGroup(name: "doctors")
        _ = try await services.admin.createUser(account: "alice", password: TestServer.password, memberships: [("nurses", "lead")])
        _ = try await services.admin.createUser(account: "carol", password: TestServer.password, memberships: [("nurses", "member")])
        _ = try await services.admin.createUser(account: "bob", password: TestServer.password, memberships: [("doctors", "member")])
        let created = try await services.admin.createApp(appId: "org.example.cases", version: "1", logLevel: "error")
        let (ports, continuation) = AsyncStream<Int>.makeStream()
        let task = Task {
            try await StrataHTTPServer.run(
                services: services, host: "127.0.0.1", port: 0, logger: logger, protections: protections
            ) { port in
                continuation.yield(port)
            }
        }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next() else { throw CancellationError() }
        return InProcessServer(
            port: port, clock: clock, services: services,
            app: TestServer.App(id: created.app.appId, version: created.app.version, key: created.appKey), directory: directory,
            task: task)
    }

    /// Logs in the three seeded users: alice and carol share a group, bob is in another.
    func tokens() async throws -> (alice: String, carol: String, bob: String) {
        (
            try await client.login("alice", app: app).token, try await client.login("carol", app: app).token,
            try await client.login("bob", app: app).token
        )
    }

    /// Stops the server and waits for it.
    func stop() async {
        task.cancel()
        _ = try? await task.value
    }
}

/// Starts an ``InProcessServer`` (see ``InProcessServer/start(tokenLifetime:protections:logs:)``),
/// runs `body` with it, and stops it (waiting for it to end) however `body` ends.
func withInProcessServer<Result>(
    tokenLifetime: TimeInterval = 3600, protections: ServerProtections = ServerProtections(), logs: LogCapture? = nil,
    engine: TestEngine = .sqlite, conflictPolicies: [String: WireConflictPolicy] = [:], maxOverwritesPerPull: Int = 500,
    isolation: isolated (any Actor)? = #isolation,
    _ body: (InProcessServer) async throws -> Result
) async throws -> Result {
    let server = try await InProcessServer.start(
        tokenLifetime: tokenLifetime, protections: protections, logs: logs, engine: engine, conflictPolicies: conflictPolicies,
        maxOverwritesPerPull: maxOverwritesPerPull)
    return try await withCleanUp(of: server, by: { await $0.stop() }, body)
}
