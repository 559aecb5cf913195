import Logging
import StrataCrossCutting

/// Launch: the before / handle / after hooks around the BootLoader's seven timed stages.
extension ContainerRuntime {
    /// Runs the launch sequence; `ended` when the handle hook ends it early.
    ///
    /// - Throws: the boot's ``ContainerError`` (a service that failed under the `failBoot` policy,
    ///   a Launcher that could not start); services already started are destroyed first.
    func launch(options: [String: String]) async throws -> LaunchOutcome {
        logger.info("event: launch")
        await delegate.beforeDidFinishLaunching(options: options, context: self)
        let handled = await delegate.handleDidFinishLaunching(options: options, context: self)
        guard handled.continues else {
            logger.info("launch ended by the app", metadata: ["result": "\(handled.rawValue)"])
            phase = .terminated
            return .ended(exitCode: handled == .returnNo ? 1 : 0)
        }
        phase = .booting
        do {
            try await runBootLoader()
        } catch {
            logger.error("boot failed", metadata: ["error": "\(error)"])
            await environment.usage.recordFailure("boot failed: \(error)", source: "container")
            progress = ShutdownReport(reason: .quit)
            await terminateAllApplications()
            await destroyServices()
            progress = nil
            phase = .terminated
            // The terminal was set up (the alternate screen): give it back before the error is printed.
            await environment.terminal.restore()
            throw error
        }
        phase = .running
        await environment.usage.record(.appLaunched("container"))
        await delegate.afterDidFinishLaunching(options: options, context: self)
        await broadcast(.didFinishLaunching(options))
        if await delegate.didBecomeActive(context: self).continues { await broadcast(.didBecomeActive) }
        logger.info("event: didBecomeActive")
        return .running(self)
    }

    /// The BootLoader, in the seed's order (article `004_*`), each stage timed.
    private func runBootLoader() async throws {
        let configuration = plan.configuration
        try await stage(.setUpScreen) {
            await environment.terminal.prepare()
        }
        try await stage(.createNavigationStack) {
            navigation = NavigationStack()
        }
        try await stage(.startFirstServices) {
            for service in configuration.services where service.startsFirst { try await bootStart(service.name) }
        }
        try await stage(.startEagerServices) {
            for service in configuration.services where !service.lazy && !service.startsFirst {
                try await bootStart(service.name)
            }
        }
        try await stage(.startAutostartGroups) {
            for group in configuration.servicesMap.autostart {
                for member in configuration.servicesMap.groups[group] ?? [] { try await bootStart(member) }
            }
        }
        try await stage(.showScreen) {
            // A signal sent once the Launcher shows must be handled, not lost or fatal.
            await environment.events.ready()
            screenShown = true
        }
        try await stage(.startLauncher) {
            try await startApplication(configuration.launcherName, params: [:], launchMode: .pushNew)
            await drawTopScreen()
        }
        report.totalMilliseconds = elapsedMilliseconds()
        logger.info(
            "booted", metadata: ["milliseconds": "\(report.totalMilliseconds)", "launcher": "\(configuration.launcherName)"])
    }

    private func stage(_ stage: BootStage, _ body: () async throws -> Void) async throws {
        let began = elapsedMilliseconds()
        try await body()
        report.stages.append(
            BootReport.StageTiming(
                stage: stage, startMilliseconds: began, durationMilliseconds: elapsedMilliseconds() - began))
        logger.debug("boot stage done", metadata: ["stage": "\(stage.rawValue)"])
    }
}
