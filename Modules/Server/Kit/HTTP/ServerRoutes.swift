import Hummingbird
import Logging
import StrataCrossCutting
import StrataServerDomain
import StrataWire

/// The HTTP API: the one table of routes that the router, the 405 answers and the OpenAPI
/// document (``OpenAPIDocument``, checked against the table by a test) all follow.
enum ServerRoutes {
    /// The largest request body accepted (1 MiB); larger ones get 413.
    static let maxBodyBytes = 1 << 20

    /// Every route. A constant segment wins over a parameter for every method in the router, so
    /// `GET …/{type}/query` is a route of its own that fetches the object whose id is `query`.
    static let table: [ServerRoute] = [
        ServerRoute(.post, WirePaths.login, "login") { handlers, request, context in
            try await handlers.login(request, context: context)
        },
        ServerRoute(.post, WirePaths.logout, "logout") { handlers, request, _ in try await handlers.logout(request) },
        ServerRoute(.post, WirePaths.changes, "pushChanges") { handlers, request, _ in try await handlers.push(request) },
        ServerRoute(.get, WirePaths.objects + "/{type}", "pullChanges") { handlers, request, context in
            try await handlers.pull(request, typeName: try RequestReading.pathParameter("type", in: context))
        },
        ServerRoute(.get, WirePaths.objects + "/{type}/{id}", "fetchObject") { handlers, request, context in
            try await handlers.fetch(
                request, typeName: try RequestReading.pathParameter("type", in: context),
                objectId: try RequestReading.pathParameter("id", in: context))
        },
        ServerRoute(.post, WirePaths.objects + "/{type}/query", "queryObjects") { handlers, request, context in
            try await handlers.query(request, typeName: try RequestReading.pathParameter("type", in: context))
        },
        ServerRoute(.get, WirePaths.objects + "/{type}/query", "fetchObjectNamedQuery") { handlers, request, context in
            try await handlers.fetch(
                request, typeName: try RequestReading.pathParameter("type", in: context), objectId: "query")
        },
        ServerRoute(.post, WirePaths.logs, "uploadLogs") { handlers, request, _ in try await handlers.logs(request) },
        ServerRoute(.get, WirePaths.config, "appConfig") { handlers, request, _ in try await handlers.config(request) },
        ServerRoute(.post, WirePaths.devices, "registerDevice") { handlers, request, _ in
            try await handlers.registerDevice(request)
        },
        ServerRoute(.get, WirePaths.devices + "/{deviceId}/messages", "pollMessages") { handlers, request, context in
            try await handlers.poll(request, deviceId: try RequestReading.pathParameter("deviceId", in: context))
        },
        ServerRoute(.get, HealthAnswer.livePath, "healthLive") { _, _, _ in try HealthAnswer.live() },
        ServerRoute(.get, HealthAnswer.readyPath, "healthReady") { handlers, _, _ in
            try HealthAnswer.ready(await handlers.services.readiness())
        },
        ServerRoute(.get, "/metrics", "metrics") { handlers, _, _ in handlers.metrics.response() },
        ServerRoute(.get, WirePaths.openAPI, "openAPI") { _, _, _ in JSONResponse.body(OpenAPIDocument.json, status: .ok) },
    ]

    /// The methods a known path accepts, or `nil` when no route has this path.
    static func methods(forPath path: String) -> [HTTPRequest.Method]? {
        var methods: [HTTPRequest.Method] = []
        for route in table where route.matches(path) && !methods.contains(route.method) { methods.append(route.method) }
        return methods.isEmpty ? nil : methods
    }

    /// The `Allow` header of a 405 on `path` (`GET, POST`), or `nil` when no route has this path.
    static func allow(forPath path: String) -> String? {
        methods(forPath: path).map { $0.map(\.rawValue).joined(separator: ", ") }
    }

    /// A router serving every route of ``table`` over `services`, within `workers`' bounds,
    /// logins limited by `throttle`, `GET /metrics` serving `exposition`; and the web console
    /// (``ConsoleRoutes``) under `/admin`, its cookies `Secure` when `secureCookies`, its pages in
    /// `consoleLanguage` (``ConsoleLanguageMiddleware``).
    ///
    /// ``RequestMetricsMiddleware`` is outermost, so it counts the status the client gets
    /// (after ``WireErrorMiddleware`` turned an error into its answer).
    static func router(
        services: any ServerServices, workers: RequestWorkers, throttle: LoginThrottle, logger: Logger,
        exposition: MetricsExposition? = nil, secureCookies: Bool = true, consoleLanguage: MessageLanguage = .english
    ) -> Router<StrataRequestContext> {
        let router = Router(context: StrataRequestContext.self)
        router.middlewares.add(RequestMetricsMiddleware())
        router.middlewares.add(WireErrorMiddleware(logger: logger))
        router.middlewares.add(ConsoleLanguageMiddleware(language: consoleLanguage))
        let handlers = ServerHandlers(
            services: services, workers: workers, throttle: throttle, logger: logger,
            metrics: ServerMetrics(exposition: exposition))
        for route in table {
            let handle = route.handle
            router.on(route.routerPath, method: route.method) { request, context in
                try await handle(handlers, request, context)
            }
        }
        ConsoleRoutes.register(
            on: router,
            handlers: ConsoleHandlers(
                services: services, workers: workers, throttle: throttle, logger: logger.component("console"),
                cookies: ConsoleCookies(secure: secureCookies)))
        return router
    }
}
