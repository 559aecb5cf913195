import Foundation
import Logging
import StrataContainer
import StrataCrossCutting
import StrataMaintenance
import StrataSession

/// `strata-host` on the container: a scripted request (a URL opened on a booted container with a
/// ``ConsoleService``), the boot report, and the interactive run.
struct HostSession {
    let runtime: HostRuntime
    let configuration: ContainerConfiguration
    let output: OutputSink
    let verbose: Bool
    /// The composition root's store maintenance, for the interactive host's `dataKey` service
    /// (where the data key is kept, on the Account screen); `nil`: none, the screen says nothing.
    var maintenance: (any StoreMaintenance)?

    /// Boots without a terminal only what `url` uses (its micro-app and that micro-app's
    /// services, see ``OneShotPlan``; never the `[AUTOSTART]` groups), opens `url`, shuts down.
    ///
    /// - Parameter origin: `.command` for a subcommand the person typed; `.link` for
    ///   `strata-host open` (the URL handler), where a route that cannot be undone is refused.
    /// - Returns: 0 when a micro-app handled the URL without failing, else 1 after one error line.
    func open(_ url: URL, origin: ConsoleService.Origin = .command) async -> Int32 {
        do {
            // Only the micro-app the URL names and the services it uses (see OneShotPlan).
            let container = try await launch(OneShotPlan.configuration(configuration, for: url), oneShot: true)
            let console = ConsoleService(sink: output, origin: origin)
            await container.context.registerService(console, name: ConsoleService.serviceName)
            var failure: (any Error)?
            do {
                if try await !container.open(url) {
                    let routes = HostRegistry.routes.keys.sorted().map { "strata://\($0)" }.joined(separator: ", ")
                    failure = ContainerError(
                        .unknownApplication,
                        localized(
                            "no micro-app handles \(url.absoluteString); routes: \(routes)",
                            ja: "\(url.absoluteString) を扱うマイクロアプリはありません。ルート: \(routes)"))
                }
            } catch {
                failure = error
            }
            await container.terminate(.quit)
            if let error = failure ?? console.failures.first { return await fail(error) }
            return 0
        } catch {
            return await fail(error)
        }
    }

    /// Boots as an interactive run would, without a terminal, and prints the boot report as JSON.
    func bootReport() async -> Int32 {
        do {
            let container = try await launch(configuration)
            let report = await container.bootReport
            await container.terminate(.quit)
            output.out(report.jsonText())
            return 0
        } catch {
            return await fail(error)
        }
    }

    /// Hands the process to the framework with the Launcher on `environment`'s terminal.
    ///
    /// The status line (``SessionStatusLine``, under ``StatusLine/serviceName``) is registered
    /// before the run loop starts; a full-screen terminal shows it on top of every screen.
    /// `opening` (`strata-host open --stay URL`) is opened over the Launcher before the run loop
    /// starts, as a URL handed to a running host is: its screen is on top.
    func interactive(_ environment: ContainerEnvironment, opening url: URL? = nil) async -> Int32 {
        var environment = environment
        environment.usage = runtime.usage
        do {
            let outcome = try await StrataFramework.launch(
                delegate: DefaultAppDelegate(), configuration: configuration,
                registry: HostRegistry.make(runtime, interactive: true), environment: environment)
            guard case .running(let container) = outcome else {
                if case .ended(let code) = outcome { return code }
                return 0
            }
            if let maintenance {
                await container.context.registerService(
                    DataKeyPlaceService(maintenance: maintenance), name: ServiceKey<any DataKeyPlaceSource>.dataKey.name)
            }
            let status = SessionStatusLine()
            do {
                try await status.start(context: container.context)
                await container.context.registerService(status, name: StatusLine.serviceName)
            } catch {
                runtime.logger.warning("no status line", metadata: ["error": "\(error)"])
            }
            if let url {
                do {
                    // A refused route shows on the micro-app's screen; what throws stays on the Launcher.
                    try await container.open(url, source: "strata-host open")
                } catch {
                    runtime.logger.warning("cannot open the URL", metadata: ["url": "\(url.absoluteString)", "error": "\(error)"])
                }
            }
            return await container.run()
        } catch {
            return await fail(error)
        }
    }

    /// Where the interactive host's log lines go while it runs full screen: `strata-host.log`
    /// in the store's directory (`nil`, i.e. dropped, for an in-memory store).
    var diagnosticsLog: String? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: runtime.location, isDirectory: &isDirectory), isDirectory.boolValue
        else { return nil }
        return URL(fileURLWithPath: runtime.location).appendingPathComponent("strata-host.log").path
    }

    private func launch(_ configuration: ContainerConfiguration, oneShot: Bool = false) async throws -> any RunningContainer {
        var environment = ContainerEnvironment.live(logger: runtime.logger, interactive: false)
        environment.usage = runtime.usage
        var registry = HostRegistry.make(runtime)
        if oneShot { OneShotPlan.register(into: &registry) }
        let outcome = try await StrataFramework.launch(
            delegate: DefaultAppDelegate(), configuration: configuration, registry: registry,
            environment: environment)
        guard case .running(let container) = outcome else {
            throw ContainerError(.notRunning, "strata-host: the launch ended before the Launcher")
        }
        return container
    }

    /// Prints the error line and reports the failure (the seed's `logError`).
    private func fail(_ error: any Error) async -> Int32 {
        await runtime.usage.recordFailure("\(error)", source: StrataHostCLI.programName)
        output.err(FailureLine.line(program: StrataHostCLI.programName, error: error, verbose: verbose))
        return 1
    }
}
