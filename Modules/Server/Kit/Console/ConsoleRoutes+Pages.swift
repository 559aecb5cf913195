import Hummingbird

extension ConsoleRoutes {
    /// The routes of the groups, apps, logs and stats pages.
    static func registerMore(on router: Router<StrataRequestContext>, handlers: ConsoleHandlers) {}
}
