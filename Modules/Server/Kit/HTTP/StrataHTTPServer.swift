public import Logging
public import StrataServerDomain
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import NIOCore
public import StrataCrossCutting

/// Runs the HTTP API over a set of services until the task is cancelled (or, with
/// `handleSignals`, until SIGTERM or SIGINT).
public enum StrataHTTPServer {
    /// Serves `services` on `host:port` (port 0: any free port) within `limits` and with
    /// `protections` (login limits, the hashing pool, the bounds on requests in flight); calls `onRunning` with the
    /// bound port once it accepts connections; returns when it has shut down. `GET /metrics`
    /// serves `metrics` (the host's Prometheus exposition), empty without it. The web console is
    /// under `/admin`; its cookies go without `Secure` only over plain HTTP on a loopback `host`,
    /// and its pages are in `consoleLanguage` (the server's locale; everything else is English).
    ///
    /// On a graceful shutdown (SIGTERM, SIGINT) the server stops accepting, closes idle
    /// connections, answers waiting long polls at once (``ClientService/endWaits()``), and closes
    /// connections whose request is still running after `limits.shutdownGrace`.
    public static func run(
        services: any ServerServices, host: String, port: Int, limits: ConnectionLimits = ConnectionLimits(),
        logger: Logger, handleSignals: Bool = false, protections: ServerProtections = ServerProtections(),
        metrics: MetricsExposition? = nil, tls: ServerTLS? = nil, consoleLanguage: MessageLanguage = .english,
        onRunning: @escaping @Sendable (Int) async -> Void = { _ in }
    ) async throws {
        try OpenAPIDocument.check()
        try await RequestWorkers.with(protections) { workers in
            let router = ServerRoutes.router(
                services: services, workers: workers, throttle: LoginThrottle(limits: protections.logins), logger: logger,
                exposition: metrics, secureCookies: tls != nil || !ConsoleCookies.isLoopback(host),
                consoleLanguage: consoleLanguage)
            try await run(
                router: router, client: services.client, host: host, port: port, limits: limits, logger: logger,
                handleSignals: handleSignals, tls: tls, onRunning: onRunning)
        }
    }

    private static func run(
        router: Router<StrataRequestContext>, client: any ClientService, host: String, port: Int,
        limits: ConnectionLimits, logger: Logger, handleSignals: Bool, tls: ServerTLS?,
        onRunning: @escaping @Sendable (Int) async -> Void
    ) async throws {
        let guardLogger = logger.component("connections")
        let registry = ConnectionRegistry(
            maxConnections: limits.maxConnections, logger: guardLogger, onShutdown: { client.endWaits() })
        let plain = HTTPServerBuilder { responder in
            GuardedHTTP1Channel(
                http1: HTTP1Channel(responder: responder), registry: registry, limits: limits, logger: guardLogger)
        }
        let app = Application(
            router: router,
            server: try tls.map { try .tls(plain, tlsConfiguration: $0.configuration) } ?? plain,
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
