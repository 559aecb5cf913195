import StrataContainer

/// The About micro-app: the boot report (each BootLoader stage and its time) and each service's
/// state.
///
/// Registered through ``AboutApp`` as a ``RoutedApplicationDelegate``; `strata://about` routes
/// to it (see `AboutRoute`). In a scripted run it prints the report instead of showing the screen.
struct AboutRouting: RoutedApplication {
    let title = "About"

    /// The boot report and the services.
    func makeScreen(for application: MicroApplication, context: any ContainerContext) async throws -> AboutScreen {
        AboutScreen(context: context)
    }

    /// Nothing to do in a terminal: the screen already shows the whole report, whatever the
    /// params asked for.
    func act(
        on options: [String: String], screen: AboutScreen, application: MicroApplication, context: any ContainerContext
    ) async {}

    /// The report as text (the screen's lines) or, for `format=json`, as JSON.
    func perform(_ options: [String: String], context: any ContainerContext) async throws -> [String] {
        let route = try AboutRoute(params: options)
        let report = await context.bootReport
        return [route.json ? report.jsonText() : AboutScreen.text(report).joined(separator: "\n")]
    }
}
