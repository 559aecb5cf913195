import Foundation
import Logging
import StrataCrossCutting

/// The container: one actor owning the application stack, the navigation stack, the services
/// and the listeners. It is the ``ContainerContext`` every callback gets and the
/// ``RunningContainer`` a host drives; the actor makes every call thread-safe.
actor ContainerRuntime {
    enum Phase: Sendable { case created, booting, running, terminating, terminated }

    /// A micro-app instance on the stack, with its delegate.
    struct RunningApplication {
        let application: MicroApplication
        let delegate: any MicroApplicationDelegate
    }

    /// One declared or registered service and where it is in its life.
    struct ServiceRecord {
        var descriptor: ServiceDescriptor?
        var instance: (any StrataService)?
        var state: ServiceState = .notCreated
        var startMilliseconds: Double?
        var durationMilliseconds: Double?
        var error: String?
    }

    let plan: ContainerPlan
    let delegate: any ContainerAppDelegate
    let environment: ContainerEnvironment
    let logger: Logger
    let bootStart = ContinuousClock.now

    var phase = Phase.created
    var stack: [RunningApplication] = []
    var navigation: NavigationStack?
    var screenShown = false
    /// The lines of the screen last drawn (message included, escaped): what a full-screen
    /// redraw for a resize or a new status shows again without rendering the screen anew,
    /// so a notice a screen shows once (a sign-in's result) stays until the next typed line.
    var shownLines: [String]?
    var pendingMessage: String?
    var nextInstanceID = 1

    var services: [String: ServiceRecord] = [:]
    var serviceOrder: [String] = []
    var startOrder: [String] = []
    var inFlight: [String: Task<any StrataService, any Error>] = [:]

    var listeners: [(token: ListenerToken, listener: any ContainerListener)] = []
    var nextListenerID = 1
    var report = BootReport()
    var shutdownReport: ShutdownReport?
    var progress: ShutdownReport?
    var terminationWaiters: [CheckedContinuation<Void, Never>] = []

    init(plan: ContainerPlan, delegate: any ContainerAppDelegate, environment: ContainerEnvironment) {
        self.plan = plan
        self.delegate = delegate
        self.environment = environment
        self.logger = environment.logger.component("container")
        for descriptor in plan.configuration.services {
            services[descriptor.name] = ServiceRecord(descriptor: descriptor)
            serviceOrder.append(descriptor.name)
        }
        report.applicationCount = plan.configuration.applications.count
    }

    /// Milliseconds since the container was created (the boot's zero).
    func elapsedMilliseconds() -> Double {
        Self.milliseconds(ContinuousClock.now - bootStart)
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
    }

    /// Sends `broadcast` to every listener, in the order they were added.
    func broadcast(_ broadcast: Broadcast) async {
        let current = listeners.map(\.listener)
        for listener in current { await listener.receive(broadcast) }
    }

    /// The boot report with every service's current state.
    func currentReport() -> BootReport {
        var copy = report
        copy.services = serviceOrder.compactMap { name in
            guard let record = services[name] else { return nil }
            return BootReport.ServiceEntry(
                name: name, lazy: record.descriptor?.lazy ?? false, state: record.state,
                startMilliseconds: record.startMilliseconds, durationMilliseconds: record.durationMilliseconds,
                error: record.error)
        }
        return copy
    }

    /// Draws the top screen, with a pending message above it and, on a full-screen terminal,
    /// the status line of the registered ``StatusLineSource``.
    ///
    /// On a plain terminal the message is shown once; on a full-screen one it stays through
    /// redraws (a resize, a notification) until the next typed line. With `rendering` false
    /// (a resize, a new status) a full-screen terminal shows the lines last drawn again.
    func drawTopScreen(rendering: Bool = true) async {
        guard screenShown, let top = navigation?.top else { return }
        let terminal = environment.terminal
        let lines: [String]
        if !rendering, terminal.isFullScreen, let shown = shownLines {
            lines = shown
        } else {
            var rendered = await top.screen.render()
            if let message = pendingMessage {
                rendered.insert(message, at: 0)
                if !terminal.isFullScreen { pendingMessage = nil }
            }
            // The last line of defence: a stored value a screen printed raw cannot act on the terminal.
            lines = rendered.map(TerminalText.escapedKeepingLines)
            shownLines = lines
        }
        var status: String?
        if terminal.isFullScreen, services[StatusLine.serviceName] != nil,
            let source = await findService(StatusLine.serviceName) as? any StatusLineSource
        {
            status = TerminalText.escaped(await source.currentStatus().text)
        }
        guard screenShown else { return }
        // Echo off before the prompt is written, so nothing typed after it shows (a password).
        await terminal.setEcho(!top.screen.hidesInput)
        await terminal.draw(ScreenFrame(lines: lines, status: status))
    }

    /// What the status line source yields at each change, on a full-screen terminal with one
    /// registered; else `nil`.
    func statusChanges() async -> AsyncStream<Void>? {
        guard environment.terminal.isFullScreen, services[StatusLine.serviceName] != nil,
            let source = await findService(StatusLine.serviceName) as? any StatusLineSource
        else { return nil }
        return source.changes()
    }
}

extension ContainerRuntime: ContainerContext {
    var currentApplication: MicroApplication? { stack.last?.application }

    var applicationStack: [MicroApplication] { stack.map(\.application) }

    var bootReport: BootReport { currentReport() }

    var declaredApplications: [ApplicationDescriptor] { plan.configuration.applications }

    func findApplication(_ name: String) -> MicroApplication? {
        stack.last { $0.application.name == name }?.application
    }

    func push(_ screen: any TextScreen, for application: MicroApplication) {
        guard stack.contains(where: { $0.application == application }) else { return }
        navigation?.push(screen, owner: application)
    }

    @discardableResult
    func addListener(_ listener: any ContainerListener) -> ListenerToken {
        let token = ListenerToken(id: nextListenerID)
        nextListenerID += 1
        listeners.append((token, listener))
        return token
    }

    func removeListener(_ token: ListenerToken) {
        listeners.removeAll { $0.token == token }
    }
}
