import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A child process started with `posix_spawn`, for ``StrataProcess``.
///
/// Not Foundation's `Process`: on Linux (Swift 6.3.1) `Process.run()` crashes now and then with
/// a bad pointer dereference while it lists `/proc/self/fd` to close the parent's descriptors
/// (a 256-byte copy of each `dirent`, swiftlang/swift-corelibs-foundation#5472); a test run
/// that starts hundreds of children, beside many open descriptors, meets it. Here the child
/// closes every descriptor above 2 with glibc's `posix_spawn_file_actions_addclosefrom_np`
/// instead, which reads no directory.
public final class ChildProcess: Sendable {
    /// The child's process id.
    public let processIdentifier: Int32
    /// Its wait status once reaped.
    private let reaped = Mutex<Int32?>(nil)

    private init(pid: Int32) {
        processIdentifier = pid
    }

    /// Whether the child still runs (reaps it once it has ended).
    public var isRunning: Bool {
        reaped.withLock { status in
            guard status == nil else { return false }
            var raw: Int32 = 0
            if waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier { status = raw }
            return status == nil
        }
    }

    /// Blocks the calling thread until the child has ended (call it once ``isRunning`` is false).
    public func waitUntilExit() {
        while isRunning { usleep(1_000) }
    }

    /// The exit status, or the number of the signal that ended the child (as Foundation's `Process` reports it).
    public var terminationStatus: Int32 {
        let raw = reaped.withLock { $0 } ?? 0
        let signal = raw & 0x7f
        return signal == 0 ? (raw >> 8) & 0xff : signal
    }

    /// Starts `executable` with `arguments` and exactly `environment`; `input` (or `/dev/null`)
    /// is its standard input, `output` and `error` receive its standard output and error.
    static func spawn(
        _ executable: String, arguments: [String], environment: [String: String], input: Int32?, output: Int32,
        error: Int32
    ) throws -> ChildProcess {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, error, 2)
        try closeFrom(3, &actions)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        guard code == 0 else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "cannot start \(executable): errno \(code)"])
        }
        return ChildProcess(pid: pid)
    }

    /// Adds "close every descriptor from `lowest` up" to `actions` (glibc 2.34+, looked up at
    /// run time: Swift's Glibc module does not declare it).
    private static func closeFrom(_ lowest: Int32, _ actions: inout posix_spawn_file_actions_t) throws {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "glibc has no posix_spawn_file_actions_addclosefrom_np (2.34+ needed)"])
        }
        let addCloseFrom = unsafeBitCast(symbol, to: AddCloseFrom.self)
        guard addCloseFrom(&actions, lowest) == 0 else {
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "posix_spawn_file_actions_addclosefrom_np failed"])
        }
    }
}
