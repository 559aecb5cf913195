import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Linux signals as ``SystemEvent``s, through `DispatchSourceSignal` on a private queue.
///
/// Made for an interactive run (`installingNow`), the handlers are in place from the moment
/// the environment is made, before the boot draws the Launcher: a signal sent as soon as the
/// first screen shows (SIGUSR1's default action would end the process) waits in the stream
/// until the run loop reads it. Otherwise (a scripted run, which may never run the loop and
/// must stay interruptible) they are installed by ``events()``.
struct SignalEventSource: ContainerEventSource {
    private let installed: InstalledSignals?

    /// A source whose handlers are installed now (`installingNow`) or by ``events()``.
    init(installingNow: Bool = false) {
        installed = installingNow ? InstalledSignals() : nil
    }

    func events() -> AsyncStream<SystemEvent> {
        (installed ?? InstalledSignals()).stream
    }
}

/// The handled signals' default actions ignored and their dispatch sources feeding one stream
/// (it buffers what arrives before it is read); the sources are cancelled when the stream ends.
struct InstalledSignals: Sendable {
    let stream: AsyncStream<SystemEvent>

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: SystemEvent.self)
        let queue = DispatchQueue(label: "dev.strata.container.signals")
        var sources: [any DispatchSourceSignal] = []
        for number in SignalNumbers.handled {
            guard let event = SystemEvent(signal: number) else { continue }
            // The default action must not run (it would end or stop the process before the hooks).
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(event) }
            source.resume()
            sources.append(source)
        }
        let kept = SignalSources(sources: sources)
        continuation.onTermination = { _ in kept.cancelAll() }
        self.stream = stream
    }
}

/// Keeps the dispatch sources alive until the stream ends, then cancels them.
///
/// `@unchecked Sendable` is safe here: the array is immutable after creation, and a dispatch
/// source's `cancel()` may be called from any thread (libdispatch synchronises it internally).
struct SignalSources: @unchecked Sendable {
    let sources: [any DispatchSourceSignal]

    func cancelAll() {
        for source in sources { source.cancel() }
    }
}

/// Sleeps for real, on the continuous clock.
struct ContinuousDeadlineClock: DeadlineClock {
    func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration, clock: .continuous)
    }
}

/// Stops the process with SIGSTOP; the call returns once it is continued (SIGCONT).
struct SignalProcessControl: ProcessControl {
    func stopProcess() {
        kill(getpid(), SignalNumbers.stop)
    }
}
