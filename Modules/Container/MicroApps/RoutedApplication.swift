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

    /// Acts on a non-empty route in a terminal: shows it on `screen`, or pushes a form.
    ///
    /// A route that cannot be undone (see ``confirmationRefusal(for:)``) must ask the person
    /// first (push a confirmation form), never act at once: it may come from a link.
    ///
    /// - Throws: why the route is refused (a bad parameter, an unknown id, a rule of the
    ///   domain): ``RoutedApplicationDelegate`` shows it with ``show(_:on:)`` and reports it to
    ///   whoever opened the URL from outside (``RouteOutcome``).
    func act(
        on options: [String: String], screen: Screen, application: MicroApplication, context: any ContainerContext
    ) async throws

    /// Shows a refused route's reason on `screen` (a flash line above the list, say).
    func show(_ failure: String, on screen: Screen) async

    /// `nil` when the route may run without asking (most do); for a route that cannot be undone
    /// (a delete), the one line refusing it in a run without a terminal whose request came
    /// from outside (a link, `strata-host open`): what it would do, and how a person does it
    /// instead (confirm it in the app, or type the command).
    ///
    /// The one place a micro-app marks its routes destructive; ``RoutedApplicationDelegate``
    /// enforces it before ``perform(_:context:)``. A route that cannot be read is `nil` here:
    /// ``perform(_:context:)`` refuses it with its own reason.
    func confirmationRefusal(for options: [String: String]) -> String?

    /// Performs a route in a scripted run and returns the texts to write, in order.
    ///
    /// - Throws: anything; the delegate reports it through ``ConsoleService/fail(_:)``.
    func perform(_ options: [String: String], context: any ContainerContext) async throws -> [String]
}

extension RoutedApplication {
    /// Shows nothing (for a micro-app whose `act` never throws).
    public func show(_ failure: String, on screen: Screen) async {}

    /// No route needs a confirmation.
    public func confirmationRefusal(for options: [String: String]) -> String? { nil }
}
