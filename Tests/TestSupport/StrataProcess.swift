public import Foundation

/// Runs the built Strata executables (`strata-host`, `strata-server`, …) as real child processes.
///
/// The executables are found next to the test bundle (SwiftPM puts every product of a build
/// in one folder), so `swift test` builds and finds them without any configuration.
public struct StrataProcess: Sendable {
    /// What a finished run printed and how it ended.
    public struct Outcome: Sendable, CustomStringConvertible {
        /// The exit status (or the signal number, for a process a signal ended).
        public var status: Int32
        /// Everything written to standard output.
        public var stdout: String
        /// Everything written to standard error.
        public var stderr: String
        /// Status, standard output and standard error, for failure messages.
        public var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }
        /// Standard error's non-empty lines.
        public var stderrLines: [Substring] { stderr.split(separator: "\n") }

        /// An outcome with `status`, `stdout` and `stderr` (for a run that could not start, or
        /// a process a test started itself).
        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The folder holding the built executables.
    public static let productsDirectory: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        // Inside `X.xctest/` bundles on some platforms the binary sits deeper; walk up to the products folder.
        while folder.path != "/" && !["strata-host", "strata-server"].contains(where: {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
        }) {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    /// The URL of the built executable `name`.
    public static func executable(_ name: String) -> URL {
        productsDirectory.appendingPathComponent(name)
    }

    /// The executable's name.
    public let name: String
    /// The child's whole environment.
    public let environment: [String: String]

    /// A runner for executable `name` with `STRATA_HOME` set to `home` when given, and nothing
    /// inherited but `PATH` (so the user's own store is never touched); `TZ` is UTC and `LANG`
    /// is `C.UTF-8` (English messages) unless `extraEnvironment` sets it (`ja_JP.UTF-8` for
    /// Japanese).
    public init(_ name: String, home: URL?, extraEnvironment: [String: String] = [:]) {
        self.name = name
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8",
        ]
        if let home { environment["STRATA_HOME"] = home.path }
        environment.merge(extraEnvironment) { _, new in new }
        self.environment = environment
    }

    /// Runs to completion (killed after `timeout` seconds, by default ``Patience/childProcess``)
    /// and returns what happened. Suspends
    /// while the child works: no thread of the cooperative pool waits for it (so async tests
    /// beside it, on few cores, never starve).
    public func run(
        _ arguments: [String], stdin: String? = nil, shellPrefix: String? = nil, timeout: TimeInterval = Patience.childProcessSeconds
    ) async throws -> Outcome {
        // posix_spawn blocks its thread until the child has exec'd (vfork semantics): tens of
        // milliseconds for a large debug binary under load, so it runs on a queue of its own too.
        let process = self
        let running = try await offThePool { try process.start(arguments, stdin: stdin, shellPrefix: shellPrefix) }
        return await running.finish(within: .seconds(timeout))
    }

    /// Starts the process and returns at once (for daemons and concurrent writers).
    /// `shellPrefix` (e.g. `ulimit -S -n 256` or `umask 000`) runs in a shell that then `exec`s
    /// the executable, so the process keeps the shell's process id.
    public func start(_ arguments: [String], stdin: String? = nil, shellPrefix: String? = nil) throws -> Running {
        let executable: String
        let argv: [String]
        if let shellPrefix {
            executable = "/bin/sh"
            argv = ["-c", "\(shellPrefix) && exec \"$0\" \"$@\"", Self.executable(name).path] + arguments
        } else {
            executable = Self.executable(name).path
            argv = arguments
        }
        let input = Pipe()
        let running = try Self.spawn(
            executable, arguments: argv, environment: environment, input: input.fileHandleForReading.fileDescriptor)
        try? input.fileHandleForReading.close()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        return running
    }

    /// Starts what `process` describes (executable, arguments, environment; standard input when
    /// it is a `FileHandle`, else `/dev/null`) with its standard output and error collected: for
    /// a child launched some other way (through `unshare`, with exactly a given environment)
    /// that a test still awaits with ``Running/finish(within:)``. `process` itself is never run
    /// (see ``ChildProcess`` for why).
    public static func start(_ process: Process) throws -> Running {
        guard let url = process.executableURL else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "the process names no executable"])
        }
        return try spawn(
            url.path, arguments: process.arguments ?? [], environment: process.environment ?? [:],
            input: (process.standardInput as? FileHandle)?.fileDescriptor)
    }

    /// Spawns a child with its standard output and error drained into collectors.
    private static func spawn(
        _ executable: String, arguments: [String], environment: [String: String], input: Int32?
    ) throws -> Running {
        let out = Pipe()
        let err = Pipe()
        let child = try ChildProcess.spawn(
            executable, arguments: arguments, environment: environment, input: input,
            output: out.fileHandleForWriting.fileDescriptor, error: err.fileHandleForWriting.fileDescriptor)
        // The child holds its own copies; the parent's writing ends close so the readers see the end.
        try? out.fileHandleForWriting.close()
        try? err.fileHandleForWriting.close()
        return Running(process: child, stdout: Collector(out), stderr: Collector(err))
    }

    /// A started child process.
    public final class Running: Sendable {
        /// The child process.
        public let process: ChildProcess
        /// Its standard output, as read so far.
        public let stdout: Collector
        /// Its standard error, as read so far.
        public let stderr: Collector

        init(process: ChildProcess, stdout: Collector, stderr: Collector) {
            self.process = process
            self.stdout = stdout
            self.stderr = stderr
        }

        /// Sends a signal (SIGTERM, SIGINT, …).
        public func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

        /// Stops a helper the test does not check the end of: SIGTERM, then SIGKILL after
        /// `grace` (``Patience/teardown``); returns once it has ended.
        public func terminate(grace: Duration = Patience.teardown) async {
            signal(SIGTERM)
            _ = await finish(within: grace)
        }

        /// Waits for the process to end without blocking a thread (SIGKILL after `timeout`, by
        /// default ``Patience/childProcess``);
        /// returns its outcome. The only way to wait for a child: polling suspends between
        /// checks, so the waiting test holds no thread of the cooperative pool.
        public func finish(within timeout: Duration = Patience.childProcess) async -> Outcome {
            let ended = await eventually(within: timeout, every: .milliseconds(10)) { !process.isRunning }
            if !ended {
                kill(process.processIdentifier, SIGKILL)
                _ = await eventually(within: Patience.childProcess, every: .milliseconds(10)) { !process.isRunning }
            }
            // The process has ended (a SIGKILLed one is reaped within moments), so this returns at once.
            process.waitUntilExit()
            return Outcome(status: process.terminationStatus, stdout: await stdout.text(), stderr: await stderr.text())
        }
    }

    /// Drains a pipe on a background thread so a chatty child never blocks on a full pipe.
    public final class Collector: @unchecked Sendable {
        // Safe: `buffer` and `finished` are only touched under `lock`.
        private let lock = NSLock()
        private var buffer = Data()
        private var finished = false

        /// Starts draining `pipe`'s reading end.
        public init(_ pipe: Pipe) {
            let handle = pipe.fileHandleForReading
            Thread.detachNewThread { [self] in
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    lock.lock()
                    buffer.append(chunk)
                    lock.unlock()
                }
                lock.lock()
                finished = true
                lock.unlock()
            }
        }

        /// Everything the pipe carried: waits (suspending, at most 5 s) for its end, which comes
        /// once the process and any child that inherited the pipe have ended.
        public func text() async -> String {
            // Not ``Patience/childProcess``: callers ask once the process has ended, so what it
            // wrote is already in the pipe and only this thread's reads remain (milliseconds,
            // even loaded); the bound matters when a grandchild that outlives it (a daemon it
            // started) holds the pipe open, where waiting longer would only slow the test.
            _ = await eventually(within: .seconds(5), every: .milliseconds(5)) { lock.withLock { finished } }
            return snapshot()
        }

        /// What was read so far, without waiting for the end.
        public func snapshot() -> String {
            lock.withLock { String(decoding: buffer, as: UTF8.self) }
        }
    }
}
