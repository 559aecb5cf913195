import StrataContainer
import StrataCrossCutting
import StrataDomain
import Synchronization

/// The Reports micro-app: case reports listed, searched, added, edited and deleted.
///
/// Registered through ``ReportsApp``; `strata://reports/…` routes to it (see `ReportsRoute`). It
/// reaches the domain through the services named `domain` (`any DomainServices`) and `clock`
/// (`any StrataClock`). In a scripted run (a ``ConsoleService`` is registered) it performs the
/// route and writes the result instead of showing screens.
final class ReportsDelegate: MicroApplicationDelegate {
    private struct State {
        var pending: [String: String] = [:]
        var list: ReportListScreen?
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

    /// The list of reports (or, in a scripted run, a placeholder never drawn).
    func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        if await context.console != nil { return StaticScreen(lines: ["Reports (scripted)"]) }
        do {
            let list = ReportListScreen(services: try await ReportsServices.find(context), application: application)
            state.withLock { $0.list = list }
            return list
        } catch {
            return StaticScreen(lines: ["Reports cannot start: \(error)", "", "Type: \(ScreenCommand.commonHelp)"])
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
            switch try ReportsRoute(params: options) {
            case .list(let search, _):
                list.setSearch(search)
            case .add(nil):
                await context.push(ReportForms.add(services: list.services, list: list), for: application)
            case .add(let draft?):
                let report = try list.services.domain.reports.add(draft)
                list.flash("Added case report \(report.objectId ?? "") for \(report.patientName).")
            case .show(let id):
                _ = await list.open("show", id: id, context: context)
            case .edit(let id, let change) where change.isEmpty:
                _ = await list.open("edit", id: id, context: context)
            case .edit(let id, let change):
                _ = try list.services.domain.reports.update(id: id, change)
                _ = await list.open("show", id: id, context: context)
            case .delete(let id):
                _ = await list.open("delete", id: id, context: context)
            }
        } catch {
            list.flash("\(error)")
        }
    }

    private func perform(_ options: [String: String], console: ConsoleService, context: any ContainerContext) async {
        do {
            let services = try await ReportsServices.find(context)
            let actions = ReportsActions(domain: services.domain, calendar: services.clock.calendar)
            for text in try actions.perform(try ReportsRoute(params: options), json: options["format"] == "json") {
                console.write(text)
            }
        } catch {
            console.fail(error)
        }
    }
}
