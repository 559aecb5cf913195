/// What a routed micro-app supplies to ``RoutedApplicationDelegate``: its root screen, how a
/// route acts on that screen in a terminal, and how a route is performed in a scripted run.
///
/// A route is the params of a start (`strata://reports/new?…` → `["path": "new", …]`).
public protocol RoutedApplication: Sendable {
    /// The root screen the routes act on.
    associatedtype Screen: TextScreen

    /// The name placeholders and start-up failures show (`Reports`).
    var title: String { get }

    /// Makes the root screen (its services found through `context`).
    func makeScreen(for application: MicroApplication, context: any ContainerContext) async throws -> Screen

    /// Acts on a non-empty route in a terminal: shows it on `screen`, or pushes a form; a
    /// failure is shown on the screen.
    func act(
        on options: [String: String], screen: Screen, application: MicroApplication, context: any ContainerContext
    ) async

    /// Performs a route in a scripted run and returns the texts to write, in order.
    ///
    /// - Throws: anything; the delegate reports it through ``ConsoleService/fail(_:)``.
    func perform(_ options: [String: String], context: any ContainerContext) async throws -> [String]
}
