public import StrataContainer
import Synchronization

/// A terminal in memory: keeps every screen written, and lets a test type lines.
public final class MemoryTerminal: TerminalIO {
    private let written = Mutex<[[String]]>([])
    private let prepared = Mutex(false)
    private let echo = Mutex<[Bool]>([])
    private let stream: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    /// Creates an empty terminal.
    public init() {
        (stream, continuation) = AsyncStream.makeStream(of: String.self)
    }

    /// Marks the terminal prepared.
    public func prepare() async {
        prepared.withLock { $0 = true }
    }

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

    /// Ends the input (like Ctrl-D).
    public func endInput() {
        continuation.finish()
    }

    /// Whether the BootLoader set the terminal up.
    public var isPrepared: Bool { prepared.withLock { $0 } }

    /// Every screen written, oldest first.
    public var screens: [[String]] { written.withLock { $0 } }

    /// The last screen written, or no lines.
    public var lastScreen: [String] { written.withLock { $0.last ?? [] } }
}
