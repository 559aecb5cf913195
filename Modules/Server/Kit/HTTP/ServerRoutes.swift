import Hummingbird
import Logging
import StrataServerDomain
import StrataWire

/// The HTTP API: every route, its handler, and the table the 405 answers read.
enum ServerRoutes {
    /// The largest request body accepted (1 MiB); larger ones get 413.
    static let maxBodyBytes = 1 << 20

    /// Each route's path (`*` for a parameter) and method.
    static let table: [(path: String, method: HTTPRequest.Method)] = [
        (WirePaths.login, .post), (WirePaths.logout, .post), (WirePaths.changes, .post),
        (WirePaths.objects + "/*", .get), (WirePaths.objects + "/*/*", .get), (WirePaths.objects + "/*/query", .post),
        (WirePaths.logs, .post), (WirePaths.config, .get), (WirePaths.devices, .post),
        (WirePaths.devices + "/*/messages", .get), (WirePaths.openAPI, .get),
    ]

    /// The methods a known path accepts, or `nil` when no route has this path.
    static func methods(forPath path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        let methods = table.filter { route in
            let pattern = route.path.split(separator: "/", omittingEmptySubsequences: false)
            return pattern.count == segments.count
                && zip(pattern, segments).allSatisfy { $0 == "*" ? !$1.isEmpty : $0 == $1 }
        }.map(\.method)
        return methods.isEmpty ? nil : methods
    }

    /// A router serving the API over `services`, its blocking work on `workers`, logins
    /// limited by `throttle`.
    static func router(
        services: any ServerServices, workers: RequestWorkers, throttle: LoginThrottle, logger: Logger
    ) -> Router<StrataRequestContext> {
        let router = Router(context: StrataRequestContext.self)
        router.middlewares.add(WireErrorMiddleware(logger: logger))
        let handlers = ServerHandlers(services: services, workers: workers, throttle: throttle, logger: logger)
        router.post(RouterPath(WirePaths.login)) { request, context in try await handlers.login(request, context: context) }
        router.post(RouterPath(WirePaths.logout)) { request, _ in try await handlers.logout(request) }
        router.post(RouterPath(WirePaths.changes)) { request, _ in try await handlers.push(request) }
        router.get(RouterPath(WirePaths.objects + "/:type")) { request, context in
            try await handlers.pull(request, typeName: try RequestReading.pathParameter("type", in: context))
        }
        router.get(RouterPath(WirePaths.objects + "/:type/:id")) { request, context in
            try await handlers.fetch(
                request, typeName: try RequestReading.pathParameter("type", in: context),
                objectId: try RequestReading.pathParameter("id", in: context))
        }
        router.post(RouterPath(WirePaths.objects + "/:type/query")) { request, context in
            try await handlers.query(request, typeName: try RequestReading.pathParameter("type", in: context))
        }
        // The constant `query` segment wins over `:id` for every method: keep GET fetching the id "query".
        router.get(RouterPath(WirePaths.objects + "/:type/query")) { request, context in
            try await handlers.fetch(request, typeName: try RequestReading.pathParameter("type", in: context), objectId: "query")
        }
        router.post(RouterPath(WirePaths.logs)) { request, _ in try await handlers.logs(request) }
        router.get(RouterPath(WirePaths.config)) { request, _ in try await handlers.config(request) }
        router.post(RouterPath(WirePaths.devices)) { request, _ in try await handlers.registerDevice(request) }
        router.get(RouterPath(WirePaths.devices + "/:device/messages")) { request, context in
            try await handlers.poll(request, deviceId: try RequestReading.pathParameter("device", in: context))
        }
        router.get(RouterPath(WirePaths.openAPI)) { _, _ in
            JSONResponse.body(OpenAPIDocument.json, status: .ok)
        }
        return router
    }
}
