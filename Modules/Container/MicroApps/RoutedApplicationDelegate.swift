import StrataCrossCutting
import Synchronization

/// The delegate of a micro-app with one root screen and routes (see ``RoutedApplication``):
/// it keeps a start's params until the launch finishes, then routes them — and routes the
/// params of every later start that resumes it.
///
/// In a scripted run (a ``ConsoleService`` is registered) the root screen is a placeholder
/// never drawn, and each route is performed and written to the console instead; a route the
/// micro-app marks as needing a confirmation (``RoutedApplication/confirmationRefusal(for:)``)
/// is refused there when the request came from outside (``ConsoleService/Origin/link``). In a
/// terminal a route `act` refuses is shown on the screen and reported to ``RouteOutcome``.
///
/// ```swift
/// registry.registerApplication(type: "ReportsDelegate") { _ in RoutedApplicationDelegate(ReportsRouting()) }
/// ```
public final class RoutedApplicationDelegate<Application: RoutedApplication>: MicroApplicationDelegate {
    private struct State {
        var pending: [String: String] = [:]
        var screen: Application.Screen?
    }

    private let routing: Application
    private let state = Mutex(State())

    /// A delegate for one instance of the micro-app `routing` describes.
    public init(_ routing: Application) {
        self.routing = routing
    }

    /// Keeps the start's params for ``applicationDidFinishLaunching(_:context:)``.
    public func application(
        _ application: MicroApplication, willStartLaunchingWith options: [String: String],
        context: any ContainerContext
    ) async {
        state.withLock { $0.pending = options }
    }

    /// The micro-app's screen (or, in a scripted run, a placeholder never drawn); a screen that
    /// cannot be made says why.
    public func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        if await context.console != nil { return StaticScreen(lines: ["\(routing.title) (scripted)"]) }
        do {
            let screen = try await routing.makeScreen(for: application, context: context)
            state.withLock { $0.screen = screen }
            return screen
        } catch {
            return StaticScreen(lines: [
                localized("\(routing.title) cannot start: \(ErrorText.readable(error))", ja: "\(routing.title) を開始できません: \(ErrorText.readable(error))"), "",
                ScreenCommand.typeLine(ScreenCommand.commonHelp),
            ])
        }
    }

    /// Routes the params it was started with.
    public func applicationDidFinishLaunching(_ application: MicroApplication, context: any ContainerContext) async {
        let options = state.withLock { $0.pending }
        await route(options, application: application, context: context)
    }

    /// Routes the params of the start that brought it back.
    public func application(
        _ application: MicroApplication, didResumeWith options: [String: String], context: any ContainerContext
    ) async {
        await route(options, application: application, context: context)
    }

    private func route(_ options: [String: String], application: MicroApplication, context: any ContainerContext)
        async
    {
        if let console = await context.console {
            if console.origin == .link, let refusal = routing.confirmationRefusal(for: options) {
                console.fail(ContainerError(.confirmationRequired, refusal))
                return
            }
            do {
                for text in try await routing.perform(options, context: context) { console.write(text) }
            } catch {
                console.fail(error)
            }
            return
        }
        guard !options.isEmpty, let screen = state.withLock({ $0.screen }) else { return }
        do {
            try await routing.act(on: options, screen: screen, application: application, context: context)
        } catch {
            let reason = ErrorText.readable(error)
            await routing.show(reason, on: screen)
            RouteOutcome.current?.refuse(reason)
        }
    }
}
