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
struct SignalEventSource: ContainerEventSource {
    func events() -> AsyncStream<SystemEvent> {
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
        return stream
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
