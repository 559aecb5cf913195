import Hummingbird
import Logging
import StrataServerDomain

/// The web console's routes under `/admin`, registered on the API's router (so behind the same
/// connection guard, limits and middleware) but not in ``ServerRoutes/table``: they are not
/// part of the `/v1` API nor of its OpenAPI document.
enum ConsoleRoutes {
    /// The path every console page is under.
    static let prefix = "/admin"

    /// Registers every console route on `router`.
    static func register(on router: Router<StrataRequestContext>, handlers: ConsoleHandlers) {
        router.get("/admin") { request, _ in try await handlers.overview(request) }
        router.get("/admin/sign-in") { request, _ in try await handlers.signInPage(request) }
        router.post("/admin/sign-in") { request, context in try await handlers.signIn(request, context: context) }
        router.post("/admin/sign-out") { request, _ in try await handlers.signOut(request) }

        router.get("/admin/users") { request, _ in try await handlers.users(request) }
        router.post("/admin/users") { request, _ in try await handlers.createUser(request) }
        router.post("/admin/users/password") { request, _ in try await handlers.setPassword(request) }
        router.post("/admin/users/disable") { request, _ in try await handlers.setDisabled(request, true) }
        router.post("/admin/users/enable") { request, _ in try await handlers.setDisabled(request, false) }
        router.post("/admin/users/delete") { request, _ in try await handlers.deleteUser(request) }

        router.get("/admin/push") { request, _ in try await handlers.push(request) }
        router.post("/admin/push") { request, _ in try await handlers.sendPush(request) }
        router.post("/admin/push/templates") { request, _ in try await handlers.saveTemplate(request) }
        router.post("/admin/push/templates/delete") { request, _ in try await handlers.deleteTemplate(request) }

        registerMore(on: router, handlers: handlers)

        router.get("/admin/**") { request, _ in try await handlers.notFound(request) }
        router.post("/admin/**") { request, _ in try await handlers.notFound(request) }
    }

    /// Whether `path` is a console path.
    static func contains(_ path: String) -> Bool { path == prefix || path.hasPrefix(prefix + "/") }
}
