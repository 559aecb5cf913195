import Foundation
import StrataTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A pseudo-terminal for a child process: the child gets the terminal side as standard input
/// and output (so it sees a tty), the test writes keystrokes to and reads the screen from the
/// controller side.
final class PseudoTerminal: @unchecked Sendable {
    // Safe: `buffer` is only touched under `lock`; the descriptors are immutable after init.
    private let lock = NSLock()
    private var buffer = Data()
    private let controller: Int32
    /// The terminal side, to hand to the child.
    let terminal: FileHandle

    /// TIOCSPTLCK: lock or unlock the terminal side (x86-64 and arm64 Linux).
    private static let unlockRequest: UInt = 0x4004_5431
    /// TIOCGPTN: the number of the terminal side, `/dev/pts/<n>`.
    private static let numberRequest: UInt = 0x8004_5430

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Opens a new pseudo-terminal (`/dev/ptmx`, unlocked and numbered with the Linux ioctls
    /// `posix_openpt`/`unlockpt`/`ptsname` wrap) and starts reading what the child writes.
    init() throws {
        // Close-on-exec: no child (this test's or another's) keeps the controller side open.
        controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard controller >= 0, ioctl(controller, Self.unlockRequest, &unlock) == 0,
            ioctl(controller, Self.numberRequest, &number) == 0
        else {
            throw Failure(description: "cannot open a pseudo-terminal: errno \(errno)")
        }
        let path = "/dev/pts/\(number)"
        let descriptor = open(path, O_RDWR | O_NOCTTY)
        guard descriptor >= 0 else { throw Failure(description: "cannot open \(path): errno \(errno)") }
        terminal = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        let controller = controller
        Thread.detachNewThread { [self] in
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(controller, &chunk, chunk.count)
                if count <= 0 { break }  // EIO once the child closed its side
                lock.lock()
                buffer.append(contentsOf: chunk[0..<count])
                lock.unlock()
            }
        }
    }

    deinit { close(controller) }

    /// The controller side's descriptor (for the window size and the terminal modes).
    var controllerDescriptor: Int32 { controller }

    /// Types `line` and Enter.
    func type(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        _ = bytes.withUnsafeBufferPointer { write(controller, $0.baseAddress, $0.count) }
    }

    /// Everything the child wrote so far (line ends as `\r\n`, the terminal's).
    var screen: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: buffer, as: UTF8.self)
    }

    /// A new pseudo-terminal whose window is `columns` × `rows`.
    convenience init(columns: Int, rows: Int) throws {
        try self.init()
        try setWindowSize(columns: columns, rows: rows)
    }

    /// Hangs the terminal up, as a closed terminal window does: the controller side goes away
    /// (the child's reads fail, its writes fail with EIO, it gets SIGHUP). The descriptor is
    /// pointed at `/dev/null` rather than closed, so no other test's file can take its number
    /// while the reader thread still reads it (it then reads the end of `/dev/null` and stops).
    /// A read already waiting holds the controller open until the child writes once more.
    func hangUp() {
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        guard null >= 0 else { return }
        _ = dup2(null, controller)
        close(null)
    }

    /// Closes the test's copy of the terminal side once the child has it.
    func closeTerminalSide() {
        try? terminal.close()
    }
}

extension PseudoTerminal {
    /// Starts `strata-host` with no arguments on this terminal (its standard input and output),
    /// with `STRATA_HOME` at `home` and `environment` added; closes this side's copy of the
    /// terminal. Returns the process and the collector of its standard error. The caller kills
    /// a process still running when it is done.
    func startHost(home: URL, environment: [String: String]) throws -> (Process, StrataProcess.Collector) {
        try start(StrataProcess.executable("strata-host").path, [], home: home, environment: environment)
    }

    /// Starts `executable` with `arguments` on this terminal, as ``startHost(home:environment:)``
    /// starts strata-host (a terminal emulator's `-e` command, replayed).
    func start(
        _ executable: String, _ arguments: [String], home: URL, environment: [String: String]
    ) throws -> (Process, StrataProcess.Collector) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = StrataProcess("strata-host", home: home, extraEnvironment: environment).environment
        process.standardInput = terminal
        process.standardOutput = terminal
        let errors = Pipe()
        process.standardError = errors
        let log = StrataProcess.Collector(errors)
        try process.run()
        closeTerminalSide()
        return (process, log)
    }
}

/// Full-screen helpers: the window size, the redraws in the byte stream, the terminal modes.
extension PseudoTerminal {
    /// `ESC [ H ESC [ 2 J`: cursor home and clear, what starts each full-screen redraw.
    static let homeAndClear = "\u{1B}[H\u{1B}[2J"
    /// `ESC [ ? 1049 h` / `l`: enter and leave the alternate screen.
    static let enterAlternateScreen = "\u{1B}[?1049h"
    static let leaveAlternateScreen = "\u{1B}[?1049l"
    /// TIOCSWINSZ and TIOCGWINSZ (x86-64 and arm64 Linux).
    private static let setWindowSizeRequest: UInt = 0x5414

    /// Sets the window size the child reads with TIOCGWINSZ (the kernel sends no SIGWINCH:
    /// the child has no controlling terminal; send it with `kill`).
    func setWindowSize(columns: Int, rows: Int) throws {
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(controllerDescriptor, Self.setWindowSizeRequest, &size) == 0 else {
            throw Failure(description: "cannot set the window size: errno \(errno)")
        }
    }

    /// Each full-screen redraw so far: the bytes after each home-and-clear, up to the next one.
    var frames: [String] {
        Array(screen.components(separatedBy: Self.homeAndClear).dropFirst())
    }

    /// A frame's lines as they show: line ends split, escape sequences removed, trailing
    /// blanks dropped.
    static func visibleLines(_ frame: String) -> [String] {
        let lines = frame.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        return lines.map { line in
            var text = String(line)
            while let range = text.range(of: #"\x{1B}(\[[0-?]*[ -/]*[@-~]|.)"#, options: .regularExpression) {
                text.removeSubrange(range)
            }
            return String(text.reversed().drop(while: { $0 == " " }).reversed())
        }
    }

    /// Whether the terminal echoes typed characters now (its line discipline's `ECHO`).
    var isEchoing: Bool {
        var modes = termios()
        guard tcgetattr(controllerDescriptor, &modes) == 0 else { return false }
        return modes.c_lflag & tcflag_t(ECHO) != 0
    }
}

extension PseudoTerminal {
    /// Starts `strata-host` with standard input, output *and error* on this terminal, as a
    /// person's shell does; closes this side's copy of the terminal. The caller kills a
    /// process still running when it is done.
    func startHostWithErrorsOnTerminal(home: URL, environment: [String: String]) throws -> Process {
        let process = Process()
        process.executableURL = StrataProcess.executable("strata-host")
        process.arguments = []
        process.environment = StrataProcess("strata-host", home: home, extraEnvironment: environment).environment
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        closeTerminalSide()
        return process
    }
}
