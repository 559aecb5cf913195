import Logging
import StrataCrossCutting

/// Micro-apps: starting in each launch mode, the lifecycle callbacks in the seed's order, exit.
extension ContainerRuntime {
    @discardableResult
    func startApplication(_ name: String, params: [String: String], launchMode: LaunchMode) async throws
        -> MicroApplication
    {
        guard phase == .booting || phase == .running, navigation != nil else {
            throw ContainerError(.notRunning, "cannot start micro-app \"\(name)\": the container is not running")
        }
        guard let descriptor = plan.applications[name] else {
            throw ContainerError(
                .unknownApplication, "no micro-app named \"\(name)\" is declared; micro-apps: "
                    + ContainerPlan.list(plan.configuration.applications.map(\.name)))
        }
        logger.debug("start micro-app", metadata: ["app": "\(name)", "mode": "\(launchMode.rawValue)"])
        switch launchMode {
        case .bringToTop:
            if let existing = findApplication(name) {
                return await bringToTop(existing, options: params)
            }
        case .pushNew:
            try checkMultipleInstances(descriptor)
        case .replaceTop:
            if let top = stack.last, stack.count > 1 {
                if top.application.name != name { try checkMultipleInstances(descriptor) }
                guard await top.delegate.applicationShouldTerminate(top.application, context: self) else {
                    throw ContainerError(
                        .terminationVetoed, "cannot replace \(top.application) with \"\(name)\": "
                            + "\(top.application.name) refused to terminate")
                }
                await top.delegate.application(top.application, willTerminateAnimated: true, context: self)
                remove(top.application)
            } else {
                try checkMultipleInstances(descriptor)
            }
        }
        return await create(descriptor, params: params)
    }

    private func checkMultipleInstances(_ descriptor: ApplicationDescriptor) throws {
        guard !descriptor.allowsMultipleInstances, let existing = findApplication(descriptor.name) else { return }
        throw ContainerError(
            .multipleInstancesNotAllowed, "micro-app \"\(descriptor.name)\" allows one instance and \(existing) is "
                + "on the stack; start it with bringToTop, or declare multipleInstances (\(descriptor.origin))")
    }

    /// Creates an instance and puts it on top: did-create, will-start-launching, root screen,
    /// will-pause for the app it covers, the usage event `microapp.opened` (not for the
    /// Launcher), did-finish-launching.
    private func create(_ descriptor: ApplicationDescriptor, params: [String: String]) async -> MicroApplication {
        let make = plan.registry.applicationFactories[descriptor.delegateType]
        let appDelegate = make?(descriptor.name) ?? MissingDelegate()
        let application = MicroApplication(name: descriptor.name, instanceID: nextInstanceID, launchParameters: params)
        nextInstanceID += 1
        await appDelegate.applicationDidCreate(application, context: self)
        await appDelegate.application(application, willStartLaunchingWith: params, context: self)
        let screen = await appDelegate.rootScreen(for: application, context: self)
        if let covered = stack.last {
            await covered.delegate.applicationWillPause(covered.application, context: self)
        }
        stack.append(RunningApplication(application: application, delegate: appDelegate))
        navigation?.push(screen, owner: application)
        if descriptor.name != plan.configuration.launcherName { await usage.record(.microAppOpened(descriptor.name)) }
        await appDelegate.applicationDidFinishLaunching(application, context: self)
        return application
    }

    /// Moves an instance to the top: will-pause for the old top, will-resume, move, did-resume.
    private func bringToTop(_ application: MicroApplication, options: [String: String]) async -> MicroApplication {
        guard let entry = stack.first(where: { $0.application == application }) else { return application }
        if let top = stack.last, top.application != application {
            await top.delegate.applicationWillPause(top.application, context: self)
        }
        await entry.delegate.application(application, willResumeWith: options, context: self)
        if let index = stack.firstIndex(where: { $0.application == application }) {
            stack.append(stack.remove(at: index))
            navigation?.moveToTop(application)
        }
        await entry.delegate.application(application, didResumeWith: options, context: self)
        return application
    }

    @discardableResult
    func exitApplication(_ application: MicroApplication, animated: Bool) async -> Bool {
        guard phase == .running || phase == .booting,
            let entry = stack.first(where: { $0.application == application })
        else { return false }
        if stack.first?.application == application || application.name == plan.configuration.launcherName {
            // The home screen (at the bottom, or brought to the top by a "home" command) is never
            // destroyed alone: leaving it is quitting the host.
            return await requestQuit()
        }
        guard await entry.delegate.applicationShouldTerminate(application, context: self) else {
            logger.info("micro-app vetoed its exit", metadata: ["app": "\(application)"])
            pendingMessage = localized("\(application.name) cannot close now.", ja: "\(application.name) は今は閉じられません。")
            return false
        }
        let wasTop = stack.last?.application == application
        await entry.delegate.application(application, willTerminateAnimated: animated, context: self)
        remove(application)
        if wasTop, let newTop = stack.last {
            await newTop.delegate.application(newTop.application, willResumeWith: [:], context: self)
            await newTop.delegate.application(newTop.application, didResumeWith: [:], context: self)
        }
        return true
    }

    /// Destroys an instance: off the application stack, its screens off the navigation stack.
    func remove(_ application: MicroApplication) {
        stack.removeAll { $0.application == application }
        navigation?.removeAll(of: application)
        logger.debug("micro-app destroyed", metadata: ["app": "\(application)"])
    }

    /// Will-terminate for every instance, top first, then an empty stack (shutdown).
    func terminateAllApplications() async {
        while let top = stack.last {
            if Task.isCancelled { return }
            await top.delegate.application(top.application, willTerminateAnimated: false, context: self)
            remove(top.application)
            progress?.terminatedApplications.append(top.application.description)
        }
    }
}

/// Stands in for a delegate whose type vanished from the registry (the plan makes this unreachable).
private struct MissingDelegate: MicroApplicationDelegate {
    func rootScreen(for application: MicroApplication, context: any ContainerContext) async -> any TextScreen {
        EmptyScreen()
    }
}

/// A screen with nothing on it.
private struct EmptyScreen: TextScreen {
    func render() async -> [String] { [] }
    func handle(input: String, context: any ContainerContext) async -> ScreenResponse { .back }
}
