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

/// Standard output for screens; standard input, read on its own thread, for typed lines.
///
/// When standard output is a terminal (``isFullScreen``) the host runs full screen: the
/// alternate screen from ``prepare()`` to ``restore()``, each screen drawn whole after cursor
/// home and clear, cut to the window's size (`TIOCGWINSZ`, read again at each draw and on
/// each SIGWINCH), with the status line in reverse video on top. While it is, standard error
/// (the logger's output), when it is the same terminal, goes to `diagnosticsLog` instead, so
/// no log line is written over the screen. Otherwise (a pipe) screens follow each other as lines.
final class StandardTerminal: TerminalIO {
    /// Control sequences (ECMA-48 / xterm).
    enum Sequence {
        static let enterAlternateScreen = "\u{1B}[?1049h"
        static let leaveAlternateScreen = "\u{1B}[?1049l"
        static let homeAndClear = "\u{1B}[H\u{1B}[2J"
        static let reverseVideo = "\u{1B}[7m"
        static let resetAttributes = "\u{1B}[0m"
    }

    private struct State {
        var inAlternateScreen = false
        /// Standard error's own descriptor while it is sent to the diagnostics log.
        var savedStandardError: Int32?
    }

    /// TIOCGWINSZ: the window size of a terminal (x86-64 and arm64 Linux).
    private static let windowSizeRequest: UInt = 0x5413

    let interactive: Bool
    let isFullScreen: Bool
    private let diagnosticsLog: String?
    private let state = Mutex(State())
    /// Writes every screen, one after the other (two redraws never interleave their bytes), on
    /// a thread of its own: a terminal that takes no output (Ctrl-S, a slow link) blocks this
    /// queue, never the cooperative pool.
    private let writer = DispatchQueue(label: "dev.strata.container.terminal-output")
    /// Set once a write failed for good (the terminal was closed: EIO, ENXIO, EPIPE): later
    /// screens are dropped instead of written to a terminal that is gone.
    private let gone = Mutex(false)

    /// A terminal over standard input and output; full screen when `interactive` and standard
    /// output is a tty that can move its cursor (`TERM` is not `dumb`).
    init(interactive: Bool, diagnosticsLog: String?) {
        self.interactive = interactive
        self.isFullScreen =
            interactive && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        self.diagnosticsLog = diagnosticsLog
    }

    func prepare() async {
        guard isFullScreen else { return }
        let enter = state.withLock { state in
            defer { state.inAlternateScreen = true }
            if state.savedStandardError == nil, isatty(STDERR_FILENO) == 1 {
                state.savedStandardError = Self.divertStandardError(to: diagnosticsLog)
            }
            return !state.inAlternateScreen
        }
        if enter { await emit(Sequence.enterAlternateScreen) }
    }

    func write(lines: [String]) async {
        guard interactive else { return }
        await emit(lines.map { $0 + "\n" }.joined())
    }

    func draw(_ frame: ScreenFrame) async {
        guard isFullScreen else { return await write(lines: frame.lines) }
        let size = Self.windowSize()
        var rows = frame.fitted(to: size)
        if frame.status != nil, !rows.isEmpty {
            rows[0] = Sequence.reverseVideo + ScreenLine.filled(rows[0], to: size.columns) + Sequence.resetAttributes
        }
        // One write: the screen is never seen half cleared.
        await emit(Sequence.homeAndClear + rows.map { $0 + "\n" }.joined())
    }

    func restore() async {
        await setEcho(true)
        let (leave, saved) = state.withLock { state in
            defer { state = State() }
            return (state.inAlternateScreen, state.savedStandardError)
        }
        if leave { await emit(Sequence.leaveAlternateScreen) }
        if let saved {
            _ = dup2(saved, STDERR_FILENO)
            close(saved)
        }
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

    /// SIGWINCH, through a `DispatchSourceSignal` on a private queue, while full screen.
    func resizes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        guard isFullScreen else {
            continuation.finish()
            return stream
        }
        signal(SIGWINCH, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: DispatchQueue(label: "dev.strata.container.resize"))
        source.setEventHandler { continuation.yield() }
        source.resume()
        let kept = SignalSources(sources: [source])
        continuation.onTermination = { _ in kept.cancelAll() }
        return stream
    }

    /// The window size of standard output now (0 × 0 when unknown).
    static func windowSize() -> TerminalSize {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, windowSizeRequest, &size) == 0 else { return TerminalSize(columns: 0, rows: 0) }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }

    /// Points standard error at `path` (appended; `/dev/null` when `nil` or it cannot be
    /// opened) and returns a copy of the descriptor it had, or `nil` when that failed.
    private static func divertStandardError(to path: String?) -> Int32? {
        let target = path.map { open($0, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600) } ?? -1
        let descriptor = target >= 0 ? target : open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let saved = dup(STDERR_FILENO)
        guard saved >= 0 else { return nil }
        guard dup2(descriptor, STDERR_FILENO) >= 0 else {
            close(saved)
            return nil
        }
        return saved
    }

    /// Writes `text` to standard output, whole, before any other screen, on ``writer``; the
    /// caller suspends until it is written (or dropped: the terminal is gone).
    private func emit(_ text: String) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            writer.async {
                if !self.gone.withLock({ $0 }), !Self.writeAll(Array(text.utf8)) {
                    self.gone.withLock { $0 = true }
                }
                done.resume()
            }
        }
    }

    /// `write(2)` until every byte is out (retrying when interrupted); `false` when the
    /// terminal refused them for good. Never traps, unlike `FileHandle.write`, which a
    /// closed terminal's EIO would turn into a crash.
    private static func writeAll(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { systemWrite(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written > 0 {
                offset += written
            } else if written < 0 && errno == EINTR {
                continue
            } else {
                return false
            }
        }
        return true
    }
}

/// `write(2)`, named apart from ``StandardTerminal``'s own `write(lines:)`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
