public import Logging
public import StrataServerDomain
import Hummingbird
import NIOCore

/// Runs the HTTP API over a set of services until the task is cancelled (or, with
/// `handleSignals`, until SIGTERM or SIGINT).
public enum StrataHTTPServer {
    /// Serves `services` on `host:port` (port 0: any free port) with `protections` (login
    /// limits, the hashing and storage pools); calls `onRunning` with the bound port once it
    /// accepts connections; returns when it has shut down.
    public static func run(
        services: any ServerServices, host: String, port: Int, logger: Logger, handleSignals: Bool = false,
        protections: ServerProtections = ServerProtections(), onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        try await RequestWorkers.with(protections) { workers in
            try await run(
                router: ServerRoutes.router(
                    services: services, workers: workers, throttle: LoginThrottle(limits: protections.logins), logger: logger),
                host: host, port: port, logger: logger, handleSignals: handleSignals, onRunning: onRunning)
        }
    }

    private static func run(
        router: Router<StrataRequestContext>, host: String, port: Int, logger: Logger, handleSignals: Bool,
        onRunning: @escaping @Sendable (Int) async -> Void
    ) async throws {
        let app = Application(
            router: router,
            configuration: .init(address: .hostname(host, port: port), serverName: "strata-server"),
            onServerRunning: { channel in await onRunning(channel.localAddress?.port ?? port) },
            logger: logger)
        if handleSignals {
            try await app.runService()
        } else {
            try await app.runService(gracefulShutdownSignals: [])
        }
    }
}
