import StrataContainer
import StrataCrossCutting
import StrataDomain
import Synchronization

/// The FollowUps micro-app: follow-ups scheduled, due today, overdue, marked done.
///
/// Registered through ``FollowUpsApp``; `strata://follows/…` routes to it (see `FollowUpsRoute`). It
/// reaches the domain through the services named `domain` (`any DomainServices`) and `clock`
/// (`any StrataClock`). In a scripted run (a ``ConsoleService`` is registered) it performs the
/// route and writes the result instead of showing screens.
final class FollowUpsDelegate: MicroApplicationDelegate {
    private struct State {
        var pending: [String: String] = [:]
        var list: FollowUpsScreen?
    }

    private let state = Mutex(State())

    /// A delegate for one instance.
    init() {}

    /// Keeps the start's params for ``applicationDidFinishLaunching(_:context:)``.
    func application(
        _ application: MicroApplication, willStartLaunchingWith options: [String: String],
        context: any ContainerContext
    ) async {
        state.withLock { $0.pending = options }
    }

    /// The due lists (or, in a scripted run, a placeholder never drawn).
    func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        if await context.console != nil { return StaticScreen(lines: ["FollowUps (scripted)"]) }
        do {
            let list = FollowUpsScreen(services: try await FollowUpsServices.find(context), application: application)
            state.withLock { $0.list = list }
            return list
        } catch {
            return StaticScreen(lines: ["FollowUps cannot start: \(error)", "", "Type: \(ScreenCommand.commonHelp)"])
        }
    }

    /// Acts on the params it was started with (a route).
    func applicationDidFinishLaunching(_ application: MicroApplication, context: any ContainerContext) async {
        let options = state.withLock { $0.pending }
        await route(options, application: application, context: context)
    }

    /// Acts on the params of the start that brought it back (a route).
    func application(
        _ application: MicroApplication, didResumeWith options: [String: String], context: any ContainerContext
    ) async {
        await route(options, application: application, context: context)
    }

    private func route(_ options: [String: String], application: MicroApplication, context: any ContainerContext)
        async
    {
        if let console = await context.console {
            await perform(options, console: console, context: context)
            return
        }
        guard !options.isEmpty, let list = state.withLock({ $0.list }) else { return }
        do {
            switch try FollowUpsRoute(params: options, clock: list.services.clock) {
            case .list, .due, .overdue:
                list.show(options["path"] == nil || options["path"] == "list" ? .all : .due)
            case .schedule(nil):
                await context.push(FollowUpForms.schedule(report: options["report"], screen: list), for: application)
            case .schedule(let draft?):
                let followUp = try list.services.domain.followUps.schedule(draft)
                list.flash("Scheduled follow-up \(followUp.objectId ?? "").")
            case .done(let id):
                _ = try list.services.domain.followUps.complete(id: id)
                list.flash("Marked follow-up \(id) done.")
            }
        } catch {
            list.flash("\(error)")
        }
    }

    private func perform(_ options: [String: String], console: ConsoleService, context: any ContainerContext) async {
        do {
            let services = try await FollowUpsServices.find(context)
            let actions = FollowUpsActions(domain: services.domain, calendar: services.clock.calendar)
            let route = try FollowUpsRoute(params: options, clock: services.clock)
            for text in try actions.perform(route, json: options["format"] == "json") {
                console.write(text)
            }
        } catch {
            console.fail(error)
        }
    }
}
