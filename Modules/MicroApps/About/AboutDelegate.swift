import Foundation
public import StrataContainer
import StrataCrossCutting
import Synchronization

/// The About micro-app: the boot report (each BootLoader stage and its time) and each service's
/// state. `strata://about` prints the report (`format=json` for JSON) in a scripted run.
public final class AboutDelegate: MicroApplicationDelegate {
    /// The type name the host registers it under.
    public static let typeName = "AboutDelegate"

    private let pending = Mutex<[String: String]>([:])

    /// A delegate for one instance.
    public init() {}

    /// Keeps the start's params.
    public func application(
        _ application: MicroApplication, willStartLaunchingWith options: [String: String],
        context: any ContainerContext
    ) async {
        pending.withLock { $0 = options }
    }

    /// The About screen.
    public func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        AboutScreen(context: context)
    }

    /// In a scripted run, prints the report.
    public func applicationDidFinishLaunching(_ application: MicroApplication, context: any ContainerContext) async {
        await report(pending.withLock { $0 }, context: context)
    }

    /// In a scripted run, prints the report.
    public func application(
        _ application: MicroApplication, didResumeWith options: [String: String], context: any ContainerContext
    ) async {
        await report(options, context: context)
    }

    private func report(_ options: [String: String], context: any ContainerContext) async {
        guard let console = await context.console else { return }
        let report = await context.bootReport
        console.write(options["format"] == "json" ? report.jsonText() : AboutScreen.text(report).joined(separator: "\n"))
    }
}
