@testable import StrataContainer
import StrataContainerTesting
import StrataTestSupport
import Synchronization
import Testing

/// The container on a full-screen terminal read key by key: a list screen's selection moves
/// and Enter sends its row's command, Esc goes back, `?` shows the keys, `q` quits, typed
/// commands still work with history, and a redraw never loses the line being typed.
@Suite("the container read key by key: selection, Enter, Esc, ?, q, the command line")
struct KeyDrivenRuntimeTests {
    /// A list of reports whose handled lines are recorded.
    final class ReportList: ListScreen {
        let handled = Mutex<[String]>([])
        let count: Int

        init(count: Int) { self.count = count }

        func layout() async -> ScreenLayout {
            ScreenLayout(
                header: ["Case reports", "#  PATIENT"],
                items: (1...count).map { ScreenItem(id: "r\($0)", text: "\($0)  Patient \($0)", command: "show \($0)") },
                footer: ["Type: add · show N · back"], keys: [ScreenKey("add", "write a new report")])
        }

        func handle(input: String, context: any ContainerContext) async -> ScreenResponse {
            handled.withLock { $0.append(input) }
            return input == "back" ? .back : .stay
        }
    }

    private func launch(size: TerminalSize, count: Int = 40) async throws -> (MemoryTerminal, ReportList, any RunningContainer, Task<Int32, Never>) {
        let doubles = ContainerDoubles()
        let terminal = MemoryTerminal(fullScreen: true, readsKeys: true, size: size)
        let environment = ContainerEnvironment(
            terminal: terminal, events: doubles.events, clock: doubles.clock, process: doubles.process, logger: doubles.logger)
        let outcome = try await StrataFramework.launch(
            delegate: doubles.appDelegate, configuration: .testing(applications: ["Launcher", "Reports"]),
            registry: doubles.registry, environment: environment)
        guard case .running(let container) = outcome else { throw ContainerError(.notRunning, "the launch ended early") }
        await container.context.registerService(FullScreenRuntimeTests.FixedStatus(), name: StatusLine.serviceName)
        let list = ReportList(count: count)
        let launcher = try #require(await container.context.currentApplication)
        await container.context.push(list, for: launcher)
        await container.render()
        let running = Task { await container.run() }
        return (terminal, list, container, running)
    }

    @Test("Down, j and PgDn move the selection (the list scrolls to it); Enter sends the selected row's command")
    func selectAndOpen() async throws {
        let (terminal, list, _, running) = try await launch(size: TerminalSize(columns: 60, rows: 15))
        terminal.press(.down, .character("j"))
        try #require(await eventually { terminal.frames.last?.list?.selected == 2 })
        terminal.press(.pageDown, .pageDown)
        try #require(await eventually { (terminal.frames.last?.list?.selected ?? 0) > 10 })
        let frame = try #require(terminal.frames.last)
        let selected = try #require(frame.list?.selected)
        let top = try #require(frame.list?.top)
        #expect(top > 0 && top <= selected, "the list did not scroll to the selection: top \(top), selected \(selected)")
        // Painted at the window's size, under the status line, the selected row is in view.
        #expect(frame.status != nil)
        let rows = ScreenPainter(size: TerminalSize(columns: 60, rows: 15), colours: false).paint(frame).rows
        #expect(rows.dropFirst().contains { $0.hasPrefix("\u{1B}[7m") && $0.contains("Patient \(selected + 1)") }, "\(rows)")
        terminal.press(.enter)
        try #require(await eventually { list.handled.withLock { $0 } == ["show \(selected + 1)"] })
        terminal.press(.end, .escape)
        try #require(await eventually { list.handled.withLock { $0.last } == "back" })
        terminal.endInput()
        #expect(await running.value == 0)
    }

    @Test("? shows the keys of the screen, and any key closes it; q quits")
    func helpAndQuit() async throws {
        let (terminal, _, _, running) = try await launch(size: TerminalSize(columns: 100, rows: 30))
        terminal.press(.character("?"))
        try #require(await eventually { terminal.frames.last?.lines.joined(separator: "\n").contains("write a new report") == true })
        #expect(terminal.frames.last?.lines.joined().contains("open the selected row") == true)
        terminal.press(.character("x"))
        try #require(await eventually { terminal.frames.last?.list != nil })
        #expect(terminal.frames.last?.input == nil, "the key closing the ? screen was typed")
        terminal.press(.character("q"))
        #expect(await running.value == 0)
    }

    @Test("a typed command is sent whole on Enter; Up recalls it; a notification or a resize mid-typing keeps the typed text and the selection")
    func commandLineAndHistory() async throws {
        let (terminal, list, container, running) = try await launch(size: TerminalSize(columns: 100, rows: 30))
        terminal.press(text: "add")
        terminal.press(.enter)
        try #require(await eventually { list.handled.withLock { $0 } == ["add"] })
        terminal.press(.down, .down, .down, .down, .down)
        try #require(await eventually { terminal.frames.last?.list?.selected == 5 })
        terminal.press(text: "show 1")
        try #require(await eventually { terminal.frames.last?.input?.text == "show 1" })
        #expect(terminal.updateCount > 0, "a key typed redrew the whole screen")
        await container.postRemoteNotification(NotificationPayload(identifier: "n", title: "t", body: "b", userInfo: [:]))
        #expect(terminal.frames.last?.input?.text == "show 1")
        terminal.resize(to: TerminalSize(columns: 60, rows: 15))
        try #require(await eventually { terminal.frames.last?.input?.text == "show 1" && terminal.frames.last?.list?.selected == 5 })
        #expect(terminal.frames.last?.list.map { $0.items[5].id } == "r6", "the resize lost the selection")
        terminal.press(.escape, .character(":"), .up)
        try #require(await eventually { terminal.frames.last?.input?.text == "add" })
        terminal.press(.enter)
        try #require(await eventually { list.handled.withLock { $0 } == ["add", "add"] })
        terminal.endInput()
        #expect(await running.value == 0)
    }
}
