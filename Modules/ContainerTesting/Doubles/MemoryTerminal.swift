public import StrataContainer
import Synchronization

/// A terminal in memory: keeps every screen written, and lets a test type lines.
///
/// Plain by default, like a pipe. Made with `fullScreen: true` it stands for a tty: the
/// container then draws ``ScreenFrame``s with a status line (kept in ``frames``), redraws on
/// notifications and status changes, and on each ``resize()``. Made with `readsKeys: true` as
/// well it stands for a tty read key by key: a test ``press(_:)``es keys (arrows, Esc, text)
/// and reads the selection and the typed line from each frame.
public final class MemoryTerminal: TerminalIO {
    private let written = Mutex<[[String]]>([])
    private let drawn = Mutex<[ScreenFrame]>([])
    private let prepared = Mutex(false)
    private let restored = Mutex(0)
    private let echo = Mutex<[Bool]>([])
    private let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation
    private let resizeStream: AsyncStream<Void>
    private let resizeContinuation: AsyncStream<Void>.Continuation
    private let keyStream: AsyncStream<TerminalKey>
    private let keyContinuation: AsyncStream<TerminalKey>.Continuation
    private let currentSize: Mutex<TerminalSize>
    private let updated = Mutex(0)
    /// Whether the container treats this terminal as a tty (full screen, status line).
    public let isFullScreen: Bool
    /// Whether the container reads keys from it (``press(_:)``) instead of lines.
    public let readsKeys: Bool

    /// Creates an empty terminal, plain unless `fullScreen`; with `readsKeys` (full screen
    /// only) the container reads ``press(_:)``ed keys, on a window of `size`.
    public init(fullScreen: Bool = false, readsKeys: Bool = false, size: TerminalSize = TerminalSize(columns: 0, rows: 0)) {
        isFullScreen = fullScreen
        self.readsKeys = fullScreen && readsKeys
        currentSize = Mutex(size)
        (stream, continuation) = AsyncStream.makeStream(of: String.self)
        (resizeStream, resizeContinuation) = AsyncStream.makeStream(of: Void.self)
        (keyStream, keyContinuation) = AsyncStream.makeStream(of: TerminalKey.self)
        if !fullScreen { resizeContinuation.finish() }
    }

    /// The keys ``press(_:)`` sends.
    public func inputKeys() -> AsyncStream<TerminalKey> { keyStream }

    /// Presses keys, in order (delivered to the container's run loop).
    public func press(_ keys: TerminalKey...) {
        for key in keys { keyContinuation.yield(key) }
    }

    /// Types `text` a character at a time, without Enter.
    public func press(text: String) {
        for character in text { keyContinuation.yield(.character(character)) }
    }

    /// The window's size (as ``resize(to:)`` last set it).
    public func windowSize() async -> TerminalSize { currentSize.withLock { $0 } }

    /// Sets the window's size and reports the resize.
    public func resize(to size: TerminalSize) {
        currentSize.withLock { $0 = size }
        resize()
    }

    /// Keeps the frame as ``draw(_:)`` does, and counts it as an update of the typed line.
    public func update(_ frame: ScreenFrame) async {
        updated.withLock { $0 += 1 }
        await draw(frame)
    }

    /// How many frames were drawn as updates of the typed line only.
    public var updateCount: Int { updated.withLock { $0 } }

    /// Marks the terminal prepared.
    public func prepare() async {
        prepared.withLock { $0 = true }
    }

    /// Keeps the frame and its lines as one screen (the status line is not one of them).
    public func draw(_ frame: ScreenFrame) async {
        drawn.withLock { $0.append(frame) }
        await write(lines: frame.lines)
    }

    /// Counts the restore and turns the echo on.
    public func restore() async {
        restored.withLock { $0 += 1 }
        await setEcho(true)
    }

    /// The resizes ``resize()`` reports.
    public func resizes() -> AsyncStream<Void> { resizeStream }

    /// Reports a resize, as SIGWINCH would (a full-screen terminal only).
    public func resize() {
        resizeContinuation.yield()
    }

    /// Every frame drawn, oldest first.
    public var frames: [ScreenFrame] { drawn.withLock { $0 } }

    /// How many times the container gave the terminal back (shutdown, failed boot, stop).
    public var restoreCount: Int { restored.withLock { $0 } }

    /// Keeps the lines as one screen.
    public func write(lines: [String]) async {
        written.withLock { $0.append(lines) }
    }

    /// Records the echo setting.
    public func setEcho(_ enabled: Bool) async {
        echo.withLock { $0.append(enabled) }
    }

    /// Whether typing is shown now (`true` until the container turns it off).
    public var isEchoing: Bool { echo.withLock { $0.last ?? true } }

    /// The typed lines.
    public func inputLines() -> AsyncStream<String> { stream }

    /// Types one line (delivered to the container's run loop).
    public func type(_ line: String) {
        continuation.yield(line)
    }

    /// Ends the input (like Ctrl-D): the typed lines, and the keys.
    public func endInput() {
        continuation.finish()
        keyContinuation.finish()
    }

    /// Whether the BootLoader set the terminal up.
    public var isPrepared: Bool { prepared.withLock { $0 } }

    /// Every screen written, oldest first.
    public var screens: [[String]] { written.withLock { $0 } }

    /// The last screen written, or no lines.
    public var lastScreen: [String] { written.withLock { $0.last ?? [] } }
}
