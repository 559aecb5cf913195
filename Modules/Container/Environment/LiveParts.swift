import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Linux signals as ``SystemEvent``s, through `DispatchSourceSignal` on a private queue.
///
/// Made for an interactive run (`installingNow`), the installation starts the moment the
/// environment is made and the boot awaits ``ready()`` before it draws the Launcher: a signal
/// sent as soon as the first screen shows (SIGUSR1's default action would end the process)
/// waits in the stream until the run loop reads it. Otherwise (a scripted run, which may never
/// run the loop and must stay interruptible) they are installed by ``events()``.
struct SignalEventSource: ContainerEventSource {
    private let installed: InstalledSignals?

    /// A source whose handlers are installed now (`installingNow`) or by ``events()``.
    init(installingNow: Bool = false) {
        installed = installingNow ? InstalledSignals() : nil
    }

    func events() -> AsyncStream<SystemEvent> {
        (installed ?? InstalledSignals()).stream
    }

    func ready() async {
        await installed?.ready()
    }
}

/// The handled signals' default actions ignored and their dispatch sources feeding one stream
/// (it buffers what arrives before it is read); the sources are cancelled when the stream ends.
///
/// On Linux `resume()` only asks libdispatch's manager thread to register a source: until it
/// has (it then installs its own handler and reads the signal from a `signalfd`), a signal is
/// ignored and lost. ``ready()`` returns once every source is registered, so a signal sent
/// after it reaches the stream.
struct InstalledSignals: Sendable {
    let stream: AsyncStream<SystemEvent>
    private let registrations: SignalRegistrations

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: SystemEvent.self)
        let queue = DispatchQueue(label: "dev.strata.container.signals")
        let handled = SignalNumbers.handled.compactMap { number in SystemEvent(signal: number).map { (number, $0) } }
        let registrations = SignalRegistrations(expected: handled.count)
        var sources: [any DispatchSourceSignal] = []
        for (number, event) in handled {
            // The default action must not run (it would end or stop the process before the hooks).
            // Only over the default: a handler libdispatch installed for an earlier source stays
            // (it installs it once per process; ignoring the signal again would lose it for good).
            Self.ignoreUnlessHandled(number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { continuation.yield(event) }
            source.setRegistrationHandler { registrations.settled() }
            // A source libdispatch could not register (no file descriptor left) is cancelled:
            // it must not keep the boot waiting.
            source.setCancelHandler { registrations.settled() }
            source.resume()
            sources.append(source)
        }
        let kept = SignalSources(sources: sources)
        continuation.onTermination = { _ in kept.cancelAll() }
        self.stream = stream
        self.registrations = registrations
    }

    /// Returns once every handled signal's source is registered: from then on none is lost.
    func ready() async {
        await registrations.allSettled()
    }

    /// Sets the signal's action to ignore when it is the default one.
    private static func ignoreUnlessHandled(_ number: Int32) {
        var current = sigaction()
        guard sigaction(number, nil, &current) == 0 else {
            signal(number, SIG_IGN)
            return
        }
        // SIG_DFL is the null handler.
        #if canImport(Glibc) || canImport(Musl)
            let isDefault = current.__sigaction_handler.sa_handler == nil
        #else
            let isDefault = current.__sigaction_u.__sa_handler == nil
        #endif
        if isDefault { signal(number, SIG_IGN) }
    }
}

/// Counts the signal sources registered (or cancelled) and wakes those awaiting all of them.
final class SignalRegistrations: Sendable {
    private struct State {
        var remaining: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(expected: Int) {
        state = Mutex(State(remaining: expected))
    }

    /// One source is registered, or cancelled (called on the sources' queue).
    func settled() {
        let woken = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.remaining -= 1
            guard state.remaining <= 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in woken { waiter.resume() }
    }

    /// Returns once every source is registered or cancelled.
    func allSettled() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                guard state.remaining > 0 else { return true }
                state.waiters.append(waiter)
                return false
            }
            if done { waiter.resume() }
        }
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
