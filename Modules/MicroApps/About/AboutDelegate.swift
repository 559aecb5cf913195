import Foundation
import StrataContainer
import StrataCrossCutting
import Synchronization

/// The About micro-app: the boot report (each BootLoader stage and its time) and each service's
/// state. `strata://about` prints the report (`format=json` for JSON) in a scripted run.
final class AboutDelegate: MicroApplicationDelegate {
    private let pending = Mutex<[String: String]>([:])

    /// A delegate for one instance.
    init() {}

    /// Keeps the start's params.
    func application(
        _ application: MicroApplication, willStartLaunchingWith options: [String: String],
        context: any ContainerContext
    ) async {
        pending.withLock { $0 = options }
    }

    /// The About screen.
    func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        AboutScreen(context: context)
    }

    /// In a scripted run, prints the report.
    func applicationDidFinishLaunching(_ application: MicroApplication, context: any ContainerContext) async {
        await report(pending.withLock { $0 }, context: context)
    }

    /// In a scripted run, prints the report.
    func application(
        _ application: MicroApplication, didResumeWith options: [String: String], context: any ContainerContext
    ) async {
        await report(options, context: context)
    }

    private func report(_ options: [String: String], context: any ContainerContext) async {
        guard let console = await context.console else { return }
        do {
            try LaunchParameters.check(options, route: "strata://about", accepted: ["format"])
        } catch {
            console.fail(error)
            return
        }
        let report = await context.bootReport
        console.write(options["format"] == "json" ? report.jsonText() : AboutScreen.text(report).joined(separator: "\n"))
    }
}
