public import Logging
public import StrataServerDomain
import Hummingbird
import HummingbirdCore
import NIOCore
import StrataCrossCutting

/// Runs the HTTP API over a set of services until the task is cancelled (or, with
/// `handleSignals`, until SIGTERM or SIGINT).
public enum StrataHTTPServer {
    /// Serves `services` on `host:port` (port 0: any free port) within `limits`; calls
    /// `onRunning` with the bound port once it accepts connections; returns when it has shut down.
    public static func run(
        services: any ServerServices, host: String, port: Int, limits: ConnectionLimits = ConnectionLimits(),
        logger: Logger, handleSignals: Bool = false, onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        let guardLogger = logger.component("connections")
        let registry = ConnectionRegistry(maxConnections: limits.maxConnections, logger: guardLogger)
        let app = Application(
            router: ServerRoutes.router(services: services, logger: logger),
            server: HTTPServerBuilder { responder in
                GuardedHTTP1Channel(
                    http1: HTTP1Channel(responder: responder), registry: registry, limits: limits, logger: guardLogger)
            },
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
