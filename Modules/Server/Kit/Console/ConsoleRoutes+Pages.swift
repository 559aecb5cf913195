import Hummingbird

extension ConsoleRoutes {
    /// The routes of the groups, apps, logs and stats pages.
    static func registerMore(on router: Router<StrataRequestContext>, handlers: ConsoleHandlers) {
        router.get("/admin/groups") { request, _ in try await handlers.groups(request) }
        router.post("/admin/groups") { request, _ in try await handlers.createGroup(request) }
        router.post("/admin/groups/delete") { request, _ in try await handlers.deleteGroup(request) }
        router.post("/admin/groups/add-member") { request, _ in try await handlers.addMember(request) }
        router.post("/admin/groups/remove-member") { request, _ in try await handlers.removeMember(request) }
        router.post("/admin/groups/role") { request, _ in try await handlers.setRole(request) }

        router.get("/admin/apps") { request, _ in try await handlers.apps(request) }
        router.post("/admin/apps/log-level") { request, _ in try await handlers.setLogLevel(request) }

        router.get("/admin/logs") { request, _ in try await handlers.logs(request) }
        router.get("/admin/stats") { request, _ in try await handlers.stats(request) }

        registerData(on: router, handlers: handlers)
    }
}
