import StrataContainer
import StrataContainerTesting
import StrataTestSupport
import Synchronization
import Testing

@Suite("the container on a full-screen terminal: status line, redraws without typing, the terminal given back")
struct FullScreenRuntimeTests {
    /// A status line source a test sets by hand.
    final class FixedStatus: StatusLineSource {
        private let status = Mutex(StatusLine(user: nil))
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation

        init() {
            (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        }

        func start(context: any ContainerContext) async throws {}
        func willDestroy() async { continuation.finish() }
        func currentStatus() async -> StatusLine { status.withLock { $0 } }
        func changes() -> AsyncStream<Void> { stream }

        func set(_ line: StatusLine) {
            status.withLock { $0 = line }
            continuation.yield()
        }
    }

    /// A screen with a notice it shows once (as the Account screen shows a sign-in's result).
    final class OneShotScreen: TextScreen {
        private let notice = Mutex<String?>("Signed in as sigrid")

        func render() async -> [String] {
            let shown = notice.withLock { notice in
                defer { notice = nil }
                return notice
            }
            return (shown.map { [$0] } ?? []) + ["Account", "Type back"]
        }

        func handle(input: String, context: any ContainerContext) async -> ScreenResponse { .stay }
    }

    private func launch(fullScreen: Bool) async throws -> (MemoryTerminal, ManualEventSource, any RunningContainer) {
        let doubles = ContainerDoubles()
        let terminal = MemoryTerminal(fullScreen: fullScreen)
        let events = ManualEventSource()
        let environment = ContainerEnvironment(
            terminal: terminal, events: events, clock: doubles.clock, process: doubles.process, logger: doubles.logger)
        let outcome = try await StrataFramework.launch(
            delegate: doubles.appDelegate, configuration: .testing(applications: ["Launcher", "Reports"]),
            registry: doubles.registry, environment: environment)
        guard case .running(let container) = outcome else { throw ContainerError(.notRunning, "the launch ended early") }
        return (terminal, events, container)
    }

    private static let payload = NotificationPayload(identifier: "n1", title: "Lab results", body: "Ready", userInfo: [:])

    @Test("the registered source's status line is drawn with each screen and redrawn when it changes")
    func statusLineIsDrawnAndFollowsChanges() async throws {
        let (terminal, events, container) = try await launch(fullScreen: true)
        let status = FixedStatus()
        await container.context.registerService(status, name: StatusLine.serviceName)
        let running = Task { await container.run() }
        try #require(await eventually { terminal.frames.last?.status == "not signed in · 0 pending · 0 rejected" })

        status.set(StatusLine(user: "sigrid", pendingChanges: 3, rejectedChanges: 1))
        #expect(await eventually { terminal.frames.last?.status == "user sigrid · 3 pending · 1 rejected" })
        #expect(terminal.frames.last?.lines.first?.contains("Launcher") == true)

        events.send(.terminate(.quit))
        #expect(await running.value == 0)
        #expect(terminal.restoreCount == 1)
        #expect(terminal.isEchoing)
    }

    @Test("a notification or a resize redraws the screen on top at once; a message stays until the next typed line")
    func notificationsAndResizesRedraw() async throws {
        let (terminal, events, container) = try await launch(fullScreen: true)
        let running = Task { await container.run() }
        terminal.type("nonsense")
        try #require(await eventually { terminal.frames.last?.lines.first?.contains("nonsense") == true })
        let drawn = terminal.frames.count
        await container.postRemoteNotification(Self.payload)
        #expect(terminal.frames.count == drawn + 1)
        terminal.resize()
        #expect(await eventually { terminal.frames.count == drawn + 2 })
        #expect(terminal.frames.last?.lines == terminal.frames[drawn - 1].lines, "a redraw lost the screen or its message")
        events.send(.terminate(.terminateSignal))
        #expect(await running.value == 0)
        #expect(terminal.restoreCount == 1)
    }

    @Test("a plain terminal keeps today's stream: no status line, no redraw for a notification, echo on at the end")
    func plainTerminalIsUnchanged() async throws {
        let (terminal, events, container) = try await launch(fullScreen: false)
        await container.context.registerService(FixedStatus(), name: StatusLine.serviceName)
        let running = Task { await container.run() }
        let drawn = terminal.screens.count
        await container.postRemoteNotification(Self.payload)
        #expect(terminal.screens.count == drawn)
        #expect(terminal.frames.allSatisfy { $0.status == nil })
        events.send(.terminate(.quit))
        #expect(await running.value == 0)
        #expect(terminal.isEchoing)
    }

    @Test("a boot that fails after the terminal was set up gives it back before the error")
    func failedBootRestoresTheTerminal() async throws {
        let doubles = ContainerDoubles()
        let terminal = MemoryTerminal(fullScreen: true)
        let environment = ContainerEnvironment(
            terminal: terminal, events: doubles.events, clock: doubles.clock, process: doubles.process, logger: doubles.logger)
        doubles.behaviour.failingServices = ["broken"]
        await #expect(throws: ContainerError.self) {
            _ = try await StrataFramework.launch(
                delegate: doubles.appDelegate,
                configuration: .testing(
                    applications: ["Launcher"], services: [.test("broken")]),
                registry: doubles.registry, environment: environment)
        }
        #expect(terminal.isPrepared)
        #expect(terminal.restoreCount == 1)
    }

    @Test("a new status or a resize shows the screen last drawn again: a notice shown once stays until the next typed line")
    func redrawsKeepANoticeShownOnce() async throws {
        let (terminal, events, container) = try await launch(fullScreen: true)
        let status = FixedStatus()
        await container.context.registerService(status, name: StatusLine.serviceName)
        let launcher = try #require(await container.context.currentApplication)
        await container.context.push(OneShotScreen(), for: launcher)
        // The run's first draw shows the screen on top, rendered once: its notice with it.
        let running = Task { await container.run() }
        try #require(await eventually { terminal.frames.last?.lines.first == "Signed in as sigrid" })

        status.set(StatusLine(user: "sigrid"))
        try #require(await eventually { terminal.frames.last?.status?.hasPrefix("user sigrid") == true })
        #expect(terminal.frames.last?.lines.first == "Signed in as sigrid")
        let drawn = terminal.frames.count
        terminal.resize()
        try #require(await eventually { terminal.frames.count > drawn })
        #expect(terminal.frames.last?.lines.first == "Signed in as sigrid")

        terminal.type("")
        try #require(await eventually { terminal.frames.last?.lines.first == "Account" })
        events.send(.terminate(.quit))
        #expect(await running.value == 0)
    }
}
