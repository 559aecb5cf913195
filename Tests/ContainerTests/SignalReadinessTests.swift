import Foundation
@testable import StrataContainer
import StrataContainerTesting
import StrataTestSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The live signal source loses no signal sent once it is ready, and the boot waits for it
/// before it draws the Launcher (issue 27: a signal sent the moment the Launcher shows).
@Suite("live signals: ready before the Launcher shows, and no signal lost after", .serialized)
struct SignalReadinessTests {
    /// The first event of `stream`, or `nil` when none arrives within `seconds`.
    private func firstEvent(of stream: AsyncStream<SystemEvent>, within seconds: Int) async -> SystemEvent? {
        await withTaskGroup(of: SystemEvent?.self) { group in
            group.addTask {
                var iterator = stream.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    @Test("a signal sent the moment the source is ready reaches the stream, install after install")
    func signalSentOnceReadyIsNeverLost() async {
        // SIGCONT is the handled signal whose default action is harmless to the test runner.
        for attempt in 1...25 {
            let source = SignalEventSource(installingNow: true)
            await source.ready()
            kill(getpid(), SignalNumbers.resume)
            let event = await firstEvent(of: source.events(), within: Int(Patience.childProcessSeconds))
            #expect(event == .resume, "install \(attempt): the SIGCONT sent once ready was lost")
            if event != .resume { return }
        }
    }

    @Test("the boot awaits the event source's readiness before it draws the Launcher")
    func bootWaitsForReadinessBeforeTheLauncher() async throws {
        let doubles = ContainerDoubles()
        let gated = GatedEventSource()
        var environment = doubles.environment
        environment.events = gated
        let launch = Task {
            try await StrataFramework.launch(
                delegate: doubles.appDelegate, configuration: .testing(), registry: doubles.registry,
                environment: environment)
        }
        let deadline = ContinuousClock.now + Patience.childProcess
        while !gated.isAwaited && ContinuousClock.now < deadline { await Task.yield() }
        #expect(gated.isAwaited)
        #expect(doubles.terminal.frames.isEmpty && doubles.terminal.lastScreen.isEmpty)
        gated.open()
        guard case .running(let container) = try await launch.value else {
            Issue.record("expected a running container")
            return
        }
        #expect(doubles.terminal.lastScreen.first == "Launcher#1 root")
        _ = await container.terminate(.quit)
    }
}

/// An event source whose readiness the test gives by hand.
private final class GatedEventSource: ContainerEventSource {
    private struct State {
        var awaited = false
        var opened = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    var isAwaited: Bool { state.withLock { $0.awaited } }

    func events() -> AsyncStream<SystemEvent> { AsyncStream { _ in } }

    func ready() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let opened = state.withLock { state in
                state.awaited = true
                if !state.opened { state.waiter = waiter }
                return state.opened
            }
            if opened { waiter.resume() }
        }
    }

    func open() {
        let waiter = state.withLock { state in
            state.opened = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}
