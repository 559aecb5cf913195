/// A screen in a terminal: the seed's view controller, as lines of text and typed input.
///
/// The container shows the screen on top of the navigation stack: it writes ``render()``'s
/// lines to the terminal, reads a line the person types, hands it to ``handle(input:context:)``,
/// and acts on the ``ScreenResponse``. Every screen should end with a line saying what can be
/// typed.
public protocol TextScreen: Sendable {
    /// The lines to show, top to bottom, without line terminators.
    func render() async -> [String]
    /// Handles one typed line (without its line terminator) and says what happens next.
    func handle(input: String, context: any ContainerContext) async -> ScreenResponse
    /// Whether what the person types on this screen must not be shown (a password): the
    /// container turns the terminal's echo off before drawing it, and on again after.
    var hidesInput: Bool { get }
}

extension TextScreen {
    /// `false`: typing is shown.
    public var hidesInput: Bool { false }
}

/// What the container does after a screen handled a typed line.
public enum ScreenResponse: Sendable, Hashable {
    /// Stay on this screen and show it again.
    case stay
    /// Stay, and show this message above the screen (e.g. "unknown command `x`; type help").
    case message(String)
    /// Pop this screen (back); popping an app's root screen exits the app.
    case back
    /// Exit the micro-app that owns this screen (its `shouldTerminate` is asked).
    case exitApplication
    /// Quit the host (every micro-app's `shouldTerminate` is asked; a veto cancels).
    case quit
}

/// The terminal the container draws screens on and reads typed lines from.
///
/// `ContainerEnvironment.live` uses standard input and output; tests use the in-memory terminal
/// of `StrataContainerTesting`.
///
/// A plain terminal (a pipe, a test double) gets each screen's lines one after the other. A
/// full-screen one (``isFullScreen``: standard output is a tty) shows one screen at a time: it
/// enters the alternate screen in ``prepare()``, redraws the whole screen at each
/// ``draw(_:)`` (the status line on top, lines cut to its size), tells the container of each
/// resize through ``resizes()``, and leaves the alternate screen in ``restore()``.
public protocol TerminalIO: Sendable {
    /// Prepares the terminal (BootLoader stage "set up the screen"); a full-screen terminal
    /// enters the alternate screen. Called again when the process continues after a stop.
    func prepare() async
    /// Writes lines (each ends with a line feed).
    func write(lines: [String]) async
    /// Whether the terminal shows one whole screen at a time, with a status line.
    var isFullScreen: Bool { get }
    /// Draws the screen on top: a plain terminal writes ``ScreenFrame/lines``; a full-screen
    /// one clears the screen (cursor home, clear) and writes ``ScreenFrame/fitted(to:)`` for
    /// its size now.
    func draw(_ frame: ScreenFrame) async
    /// Gives the terminal back as it was found: echo on and, on a full-screen terminal, the
    /// alternate screen left. Called at every shutdown, after a failed boot and before a stop;
    /// calling it twice is harmless.
    func restore() async
    /// Yields each time the window changed size (SIGWINCH); the container redraws at once.
    ///
    /// - Important: Called once per run.
    func resizes() -> AsyncStream<Void>
    /// The lines the person types, in order; the stream ends at end of input.
    ///
    /// - Important: Called once per run.
    func inputLines() -> AsyncStream<String>
    /// Turns the echo of typed characters on or off (off while a screen that
    /// ``TextScreen/hidesInput`` is on top; on again at shutdown).
    func setEcho(_ enabled: Bool) async
    /// Draws a frame that differs from the last one drawn only in its ``ScreenFrame/input`` (a
    /// key typed, the cursor moved): a full-screen terminal writes just the input line again
    /// when nothing else changed (its size neither). By default it is ``draw(_:)``.
    func update(_ frame: ScreenFrame) async
    /// Whether the terminal reads keys one at a time and hands them to the container through
    /// ``inputKeys()`` (then ``inputLines()`` is not called): a full-screen terminal whose input
    /// is a tty.
    var readsKeys: Bool { get }
    /// The keys pressed, in order; the stream ends at end of input.
    ///
    /// - Important: Called once per run, and only when ``readsKeys``.
    func inputKeys() -> AsyncStream<TerminalKey>
    /// The window's size now (0 × 0 when unknown): how many rows a page of a list has.
    func windowSize() async -> TerminalSize
}

extension TerminalIO {
    /// Does nothing: a terminal that shows nothing typed has no echo to turn off.
    public func setEcho(_ enabled: Bool) async {}

    /// `false`: screens follow each other as lines.
    public var isFullScreen: Bool { false }

    /// Writes the frame's lines (``ScreenFrame/lines``), without a status line.
    public func draw(_ frame: ScreenFrame) async {
        await write(lines: frame.lines)
    }

    /// Turns the echo on again.
    public func restore() async {
        await setEcho(true)
    }

    /// A stream that ends at once: the size of a plain terminal never matters.
    public func resizes() -> AsyncStream<Void> {
        AsyncStream { $0.finish() }
    }

    /// Draws the frame whole (``draw(_:)``).
    public func update(_ frame: ScreenFrame) async {
        await draw(frame)
    }

    /// `false`: the terminal hands over whole typed lines.
    public var readsKeys: Bool { false }

    /// A stream that ends at once: the terminal hands over typed lines.
    public func inputKeys() -> AsyncStream<TerminalKey> {
        AsyncStream { $0.finish() }
    }

    /// 0 × 0: unknown, nothing is cut or scrolled.
    public func windowSize() async -> TerminalSize {
        TerminalSize(columns: 0, rows: 0)
    }
}
