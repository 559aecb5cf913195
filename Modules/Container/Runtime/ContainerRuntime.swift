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
    /// The screen last drawn on a full-screen terminal (message included, escaped): what a
    /// redraw for a resize, a new status or a key shows again without rendering the screen
    /// anew, so a notice a screen shows once (a sign-in's result) stays until the next typed line.
    var shown: ShownScreen?
    /// The keys' state on a full-screen terminal: selections, the command line, its history.
    var keyboard = KeyboardSession()
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
    /// the status line of the registered ``StatusLineSource``, the list's selection and the
    /// line being typed.
    ///
    /// On a plain terminal the message is shown once; on a full-screen one it stays through
    /// redraws (a resize, a notification) until the next typed line. With `rendering` false
    /// (a resize, a new status, a key) a full-screen terminal shows the screen last drawn
    /// again; `inputOnly` (a key that only edited the typed line) lets it redraw just that line.
    func drawTopScreen(rendering: Bool = true, inputOnly: Bool = false) async {
        guard screenShown, let top = navigation?.top else { return }
        let terminal = environment.terminal
        guard terminal.isFullScreen else {
            var rendered = await top.screen.render()
            if let message = pendingMessage {
                rendered.insert(message, at: 0)
                pendingMessage = nil
            }
            guard screenShown else { return }
            await terminal.setEcho(!top.screen.hidesInput)
            // The last line of defence: a stored value a screen printed raw cannot act on the terminal.
            await terminal.draw(ScreenFrame(lines: rendered.map(TerminalText.escapedKeepingLines)))
            return
        }
        if rendering || shown?.entry != top.id {
            await renderShown(top)
        }
        var status: String?
        var statusTone: ScreenTone?
        if services[StatusLine.serviceName] != nil,
            let source = await findService(StatusLine.serviceName) as? any StatusLineSource
        {
            let line = await source.currentStatus()
            status = TerminalText.escaped(line.text)
            statusTone = line.tone
        }
        guard screenShown, let top = navigation?.top else { return }
        if shown?.entry != top.id { await renderShown(top) }
        // Echo off before the prompt is written, so nothing typed after it shows (a password).
        await terminal.setEcho(!top.screen.hidesInput)
        let size = await terminal.windowSize()
        guard let frame = currentFrame(size: size, status: status, statusTone: statusTone, hidesInput: top.screen.hidesInput)
        else { return }
        if inputOnly {
            await terminal.update(frame)
        } else {
            await terminal.draw(frame)
        }
    }

    /// Renders the screen on top into ``shown`` (its layout when it is a list).
    private func renderShown(_ top: NavigationStack.Entry) async {
        var layout: ScreenLayout?
        var lines: [String]
        if let list = top.screen as? any ListScreen {
            let escaped = ShownScreen.escaped(await list.layout())
            layout = escaped
            lines = escaped.lines
        } else {
            // The last line of defence: a stored value a screen printed raw cannot act on the terminal.
            lines = await top.screen.render().map(TerminalText.escapedKeepingLines)
        }
        let message = pendingMessage.map(TerminalText.escapedKeepingLines)
        if let message { lines.insert(message, at: 0) }
        let changed = shown?.entry != top.id || shown?.lines != lines
        shown = ShownScreen(entry: top.id, lines: lines, message: message, layout: layout)
        keyboard.show(screen: top.id, layout: layout, contentChanged: changed)
        keyboard.keep(screens: Set(navigation?.entries.map(\.id) ?? []))
    }

    /// The frame of the screen shown for a terminal of `size`, with `status` on top: the
    /// `?` screen, or the list with its selection kept in view, or the lines scrolled; and the
    /// line being typed.
    func currentFrame(size: TerminalSize, status: String?, statusTone: ScreenTone?, hidesInput: Bool) -> ScreenFrame? {
        guard let shown else { return nil }
        var frame = ScreenFrame(lines: shown.lines, status: status)
        frame.statusTone = statusTone
        let painter = ScreenPainter(size: size, colours: false)
        if keyboard.mode == .help, let layout = shown.layout {
            frame.lines = KeyboardSession.helpLines(layout)
            frame.scroll = keyboard.scroll
            keyboard.scroll = painter.clampedScroll(frame)
            frame.scroll = keyboard.scroll
            return frame
        }
        frame.message = shown.message
        frame.messageTone = shown.message.map(ScreenCommand.isUnknown) == true ? .error : nil
        if let layout = shown.layout {
            keyboard.resolve(layout)
            let items = keyboard.visibleItems(layout)
            let selection = keyboard.selection
            frame.list = ScreenFrame.List(
                header: layout.header, items: items, footer: layout.footer,
                selected: selection.id == nil ? nil : selection.index, top: selection.top, filter: selection.filter)
            let room = painter.itemRoom(frame)
            keyboard.page = max(1, min(room, 1000))
            keyboard.keepVisible(room: room, count: items.count)
            frame.list?.top = keyboard.selection.top
        } else {
            frame.scroll = keyboard.scroll
            keyboard.scroll = painter.clampedScroll(frame)
            frame.scroll = keyboard.scroll
            keyboard.page = max(1, min(painter.itemRoom(frame), 1000))
        }
        frame.input = keyboard.input(hidesInput: hidesInput)
        return frame
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

/// The screen last drawn on a full-screen terminal: which push of it, its lines (escaped,
/// the message first), the message, and its layout when it is a list.
struct ShownScreen: Sendable, Hashable {
    /// The navigation stack entry drawn.
    var entry: Int
    /// The lines a plain terminal would write (escaped), the message first.
    var lines: [String]
    /// The message above the screen, or `nil`.
    var message: String?
    /// The list's layout (escaped), or `nil` for a screen without a list.
    var layout: ScreenLayout?

    /// `layout` with every line and row escaped for the terminal (commands kept as they are).
    static func escaped(_ layout: ScreenLayout) -> ScreenLayout {
        var copy = layout
        copy.header = layout.header.map(TerminalText.escapedKeepingLines)
        copy.footer = layout.footer.map(TerminalText.escapedKeepingLines)
        copy.items = layout.items.map { item in
            var row = item
            row.text = TerminalText.escaped(item.text)
            return row
        }
        copy.keys = layout.keys.map { ScreenKey(TerminalText.escaped($0.key), TerminalText.escaped($0.action)) }
        return copy
    }
}
