import Dispatch
import Foundation
import StrataCrossCutting
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard output for screens; standard input, read on its own thread, for typed lines or keys.
///
/// When standard output is a terminal (``isFullScreen``) the host runs full screen: the
/// alternate screen from ``prepare()`` to ``restore()``, each screen drawn whole after cursor
/// home and clear, cut to the window's size (`TIOCGWINSZ`, read again at each draw and on
/// each SIGWINCH), with the status line in reverse video on top. While it is, standard error
/// (the logger's output), when it is the same terminal, goes to `diagnosticsLog` instead, so
/// no log line is written over the screen. Otherwise (a pipe) screens follow each other as lines.
///
/// Full screen, with standard input the terminal too, keys are read one at a time (the
/// terminal's line editing and echo off) and decoded (``KeyDecoder``: an `ESC` with nothing
/// after it within 40 ms is Esc alone) into ``inputKeys()``: the container edits the command
/// line and moves selections, and each frame it draws carries the line being typed, so a
/// screen redrawn while someone types (a live change, a notification, a resize) keeps their
/// text on screen and intact. Frames are painted by ``ScreenPainter``, in colour unless
/// `NO_COLOR` is set to anything (https://no-color.org).
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
        /// Standard input's terminal modes as found, while keys are read one at a time.
        var savedModes: termios?
    }

    /// TIOCGWINSZ: the window size of a terminal (x86-64 and arm64 Linux).
    private static let windowSizeRequest: UInt = 0x5413

    let interactive: Bool
    let isFullScreen: Bool
    private let diagnosticsLog: String?
    private let state = Mutex(State())
    /// Writes every screen, one after the other (two redraws never interleave their bytes), on
    /// a serial blocking lane of its own: a terminal that takes no output (Ctrl-S, a slow link)
    /// blocks this lane, never the cooperative pool.
    private let writer = BlockingLane(label: "dev.strata.container.terminal-output")
    /// Set once a write failed for good (the terminal was closed: EIO, ENXIO, EPIPE): later
    /// screens are dropped instead of written to a terminal that is gone.
    private let gone = Mutex(false)
    /// Whether keys are read one at a time (full screen, standard input a terminal).
    let readsKeys: Bool
    /// Whether frames use colours (`NO_COLOR` unset or empty).
    let colours: Bool
    /// The last frame drawn whole (its input line left out) and the size it was painted at;
    /// changed only on ``writer``.
    private let lastDrawn = Mutex<(frame: ScreenFrame, size: TerminalSize)?>(nil)
    /// How long an `ESC` waits for the rest of a sequence before it is Esc alone (milliseconds).
    static let escapeWait: Int32 = 40

    /// A terminal over standard input and output; full screen when `interactive` and standard
    /// output is a tty that can move its cursor (`TERM` is not `dumb`).
    init(interactive: Bool, diagnosticsLog: String?) {
        self.interactive = interactive
        self.isFullScreen =
            interactive && isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
        self.diagnosticsLog = diagnosticsLog
        self.readsKeys = isFullScreen && isatty(STDIN_FILENO) == 1
        self.colours = (ProcessInfo.processInfo.environment["NO_COLOR"] ?? "").isEmpty
    }

    func prepare() async {
        guard isFullScreen else { return }
        // Opening the diagnostics log and setting the terminal's modes are system calls: on the lane.
        let enter = await writer.run { [self] in
            state.withLock { state in
                defer { state.inAlternateScreen = true }
                if state.savedStandardError == nil, isatty(STDERR_FILENO) == 1 {
                    state.savedStandardError = Self.divertStandardError(to: diagnosticsLog)
                }
                if readsKeys, state.savedModes == nil { state.savedModes = Self.readKeysOneAtATime() }
                return !state.inAlternateScreen
            }
        }
        if enter { await emit(Sequence.enterAlternateScreen) }
    }

    func write(lines: [String]) async {
        guard interactive else { return }
        await emit(lines.map { $0 + "\n" }.joined())
    }

    func draw(_ frame: ScreenFrame) async {
        guard isFullScreen else { return await write(lines: frame.lines) }
        await paint(frame, whole: true)
    }

    func update(_ frame: ScreenFrame) async {
        guard isFullScreen else { return await write(lines: frame.lines) }
        await paint(frame, whole: false)
    }

    func windowSize() async -> TerminalSize {
        Self.currentWindowSize()
    }

    /// Paints `frame` for the window's size now: the whole screen after cursor home and clear
    /// in one write (never seen half cleared), then the input line with the cursor in it. With
    /// `whole` false, when only the input line changed since the last frame at this size, only
    /// that line is written again.
    private func paint(_ frame: ScreenFrame, whole: Bool) async {
        let size = Self.currentWindowSize()
        let painted = ScreenPainter(size: size, colours: colours).paint(frame)
        var withoutInput = frame
        withoutInput.input = nil
        let screen = withoutInput
        let input = painted.input + (painted.cursorBack > 0 ? "\u{1B}[\(painted.cursorBack)D" : "")
        let rows = Sequence.homeAndClear + painted.rows.map { $0 + "\n" }.joined()
        await emit { [self] in
            let same = lastDrawn.withLock { last in
                defer { last = (screen, size) }
                return last?.frame == screen && last?.size == size
            }
            return (!whole && same ? "\r\u{1B}[K" : rows) + input
        }
    }

    func restore() async {
        await setEcho(true)
        let (leave, saved, modes) = state.withLock { state in
            defer { state = State() }
            return (state.inAlternateScreen, state.savedStandardError, state.savedModes)
        }
        if var modes {
            // The line editing as found, with the echo on.
            modes.c_lflag |= tcflag_t(ECHO)
            _ = tcsetattr(STDIN_FILENO, TCSANOW, &modes)
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
        // Keys read one at a time: the terminal's echo stays off, the container shows the line.
        guard state.withLock({ $0.savedModes == nil }) else { return }
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
        // Reading blocks until the end of input: a lane of its own.
        BlockingLane(label: "strata-container-input").start {
            while let line = readLine(strippingNewline: true) { continuation.yield(line) }
            continuation.finish()
        }
        return stream
    }

    func inputKeys() -> AsyncStream<TerminalKey> {
        let (stream, continuation) = AsyncStream.makeStream(of: TerminalKey.self)
        guard interactive, readsKeys else {
            continuation.finish()
            return stream
        }
        // Reading blocks until the end of input: a lane of its own.
        BlockingLane(label: "strata-container-keys").start {
            Self.readKeys(into: continuation)
            continuation.finish()
        }
        return stream
    }

    /// Reads standard input a chunk at a time (on the input lane), decoding keys, until the end
    /// of input; an `ESC` left waiting is Esc alone when nothing follows within ``escapeWait``.
    private static func readKeys(into keys: AsyncStream<TerminalKey>.Continuation) {
        var decoder = KeyDecoder()
        var chunk = [UInt8](repeating: 0, count: 256)
        while true {
            if decoder.isWaiting, !inputArrives(within: escapeWait) {
                for key in decoder.flush() { keys.yield(key) }
                continue
            }
            let count = systemRead(STDIN_FILENO, &chunk, chunk.count)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            for key in decoder.feed(chunk[..<count]) { keys.yield(key) }
        }
        for key in decoder.flush() { keys.yield(key) }
    }

    /// Whether standard input has bytes to read within `milliseconds` (`poll(2)`).
    private static func inputArrives(within milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        while true {
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            return ready != 0
        }
    }

    /// Turns off standard input's line editing and echo (keys are read one at a time, signals
    /// still sent) and returns the modes it had, or `nil` when they cannot be read or set.
    private static func readKeysOneAtATime() -> termios? {
        var found = termios()
        guard tcgetattr(STDIN_FILENO, &found) == 0 else { return nil }
        var modes = found
        modes.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        withUnsafeMutableBytes(of: &modes.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSANOW, &modes) == 0 else { return nil }
        return found
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
    static func currentWindowSize() -> TerminalSize {
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
        await emit { text }
    }

    /// Like ``emit(_:)-(String)``, with the text made on ``writer`` right before it is written
    /// (so it reflects what was drawn last at that moment).
    private func emit(_ make: @escaping @Sendable () -> String) async {
        await writer.run { self.writeNow(make()) }
    }

    /// Writes `text` unless the terminal is gone; on ``writer`` only.
    private func writeNow(_ text: String) {
        guard !text.isEmpty, !gone.withLock({ $0 }) else { return }
        if !Self.writeAll(Array(text.utf8)) { gone.withLock { $0 = true } }
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

/// `read(2)`, named apart from the terminal's methods.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// `write(2)`, named apart from ``StandardTerminal``'s own `write(lines:)`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, buffer, count)
}
