import StrataContainer
import StrataCrossCutting
import StrataSession
import StrataSync

/// The Account micro-app: the session service's user, sync status and actions on one screen.
///
/// Registered through ``AccountApp`` as a ``RoutedApplicationDelegate``; `strata://account`
/// (no keys) prints the status in a scripted run.
struct AccountRouting: RoutedApplication {
    let title = "Account"

    /// The account screen over the `session` service (and the `dataKey` service, when the host
    /// provides it: where the data key is kept).
    ///
    /// - Throws: ``ContainerError`` when the host declares no `session` service.
    func makeScreen(for application: MicroApplication, context: any ContainerContext) async throws -> AccountScreen {
        AccountScreen(
            session: try await Self.session(context), application: application, dataKey: await context.findService(.dataKey))
    }

    /// Nothing to act on: the screen shows everything.
    func act(
        on options: [String: String], screen: AccountScreen, application: MicroApplication, context: any ContainerContext
    ) async {}

    /// The status, as the screen shows it (without the typing help).
    ///
    /// - Throws: ``ContainerError`` `unknownParameter` for any key; the service's error.
    func perform(_ options: [String: String], context: any ContainerContext) async throws -> [String] {
        try LaunchParameters.check(options, route: "strata://account", accepted: [])
        let session = try await Self.session(context)
        let user = try await session.currentUser()
        let state = try await session.status()
        return [AccountText.status(user: user, state: state).joined(separator: "\n")]
    }

    /// The host's login-state service (StrataSync's `SessionService`).
    static func session(_ context: any ContainerContext) async throws -> any SessionService {
        try await context.service(.session)
    }
}
