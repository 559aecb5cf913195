import Hummingbird

extension ConsoleRoutes {
    /// The routes of the data, sessions, devices and administrators pages, and of the
    /// confirmation page of destructive actions.
    static func registerData(on router: Router<StrataRequestContext>, handlers: ConsoleHandlers) {
        router.get("/admin/data") { request, _ in try await handlers.data(request) }
        router.get("/admin/data/objects") { request, _ in try await handlers.objects(request) }
        router.get("/admin/data/object") { request, _ in try await handlers.object(request) }

        router.get("/admin/sessions") { request, _ in try await handlers.sessions(request) }
        router.post("/admin/sessions/revoke") { request, _ in try await handlers.revokeSession(request) }
        router.post("/admin/sessions/revoke-all") { request, _ in try await handlers.revokeSessions(request) }
        router.get("/admin/devices") { request, _ in try await handlers.devices(request) }
        router.post("/admin/devices/revoke") { request, _ in try await handlers.revokeDevice(request) }
        router.get("/admin/administrators") { request, _ in try await handlers.administrators(request) }
        router.post("/admin/administrators/grant") { request, _ in try await handlers.grantAdministrator(request) }
        router.post("/admin/administrators/revoke") { request, _ in try await handlers.revokeAdministrator(request) }

        router.get("/admin/confirm") { request, _ in try await handlers.confirm(request) }
    }
}
