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

/// Standard output for screens; standard input, read on its own thread, for typed lines.
struct StandardTerminal: TerminalIO {
    let interactive: Bool

    func prepare() async {
        // Screens are written with one unbuffered write each: nothing to set up.
    }

    func write(lines: [String]) async {
        guard interactive else { return }
        let text = lines.map { $0 + "\n" }.joined()
        FileHandle.standardOutput.write(Foundation.Data(text.utf8))
    }

    /// Clears or sets `ECHO` in standard input's terminal modes (nothing when it is no terminal).
    /// The input thread blocked in `read` is unaffected: the line discipline echoes (or not)
    /// each character as it is typed.
    func setEcho(_ enabled: Bool) async {
        guard interactive, isatty(STDIN_FILENO) == 1 else { return }
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        let echo = tcflag_t(ECHO)
        let wanted = enabled ? modes.c_lflag | echo : modes.c_lflag & ~echo
        guard wanted != modes.c_lflag else { return }
        modes.c_lflag = wanted
        _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes)
    }

    func inputLines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        // A silent terminal never ends its input: the container runs until a signal or a quit.
        guard interactive else { return stream }
        let reader = Thread {
            while let line = readLine(strippingNewline: true) { continuation.yield(line) }
            continuation.finish()
        }
        reader.name = "strata-container-input"
        reader.start()
        return stream
    }
}
