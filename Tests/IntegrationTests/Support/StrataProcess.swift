import Foundation

/// Runs the built Strata executables as real child processes, for integration tests.
///
/// The executables are found next to the test bundle (SwiftPM puts every product of a build
/// in one folder), so `swift test` builds and finds them without any configuration.
struct StrataProcess {
    /// What a finished run printed and how it ended.
    struct Outcome: Sendable, CustomStringConvertible {
        var status: Int32
        var stdout: String
        var stderr: String
        var description: String { "exit \(status)\n--- stdout\n\(stdout)\n--- stderr\n\(stderr)" }
        /// Standard error's non-empty lines.
        var stderrLines: [Substring] { stderr.split(separator: "\n") }
    }

    /// The folder holding the built executables.
    static let productsDirectory: URL = {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        // Inside `X.xctest/` bundles on some platforms the binary sits deeper; walk up to the products folder.
        while folder.path != "/" && !FileManager.default.fileExists(atPath: folder.appendingPathComponent("strata-host").path) {
            folder = folder.deletingLastPathComponent()
        }
        return folder
    }()

    /// The URL of the built executable `name`.
    static func executable(_ name: String) -> URL {
        productsDirectory.appendingPathComponent(name)
    }

    let name: String
    let environment: [String: String]

    /// A runner for executable `name` with `STRATA_HOME` set to `home` (and nothing inherited
    /// but `PATH`, so the user's own store is never touched).
    init(_ name: String, home: URL, extraEnvironment: [String: String] = [:]) {
        self.name = name
        var environment = ["STRATA_HOME": home.path, "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC"]
        environment.merge(extraEnvironment) { _, new in new }
        self.environment = environment
    }

    /// Runs to completion (killed after `timeout` seconds) and returns what happened.
    func run(_ arguments: [String], stdin: String? = nil, timeout: TimeInterval = 30) throws -> Outcome {
        let running = try start(arguments, stdin: stdin)
        return running.wait(timeout: timeout)
    }

    /// Starts the process and returns at once (for daemons and concurrent writers).
    func start(_ arguments: [String], stdin: String? = nil) throws -> Running {
        let process = Process()
        process.executableURL = Self.executable(name)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        return Running(process: process, stdout: Collector(out), stderr: Collector(err))
    }

    /// A started child process.
    final class Running: @unchecked Sendable {
        // Safe: `process` is only used from the test's own task, and the collectors lock their buffers.
        let process: Process
        let stdout: Collector
        let stderr: Collector

        init(process: Process, stdout: Collector, stderr: Collector) {
            self.process = process
            self.stdout = stdout
            self.stderr = stderr
        }

        /// Sends a signal (SIGTERM, SIGINT, …).
        func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

        /// Waits for the process to end (SIGKILL after `timeout` seconds); returns its outcome.
        func wait(timeout: TimeInterval = 30) -> Outcome {
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < deadline { usleep(10_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
            process.waitUntilExit()
            return Outcome(status: process.terminationStatus, stdout: stdout.text(), stderr: stderr.text())
        }
    }

    /// Drains a pipe on a background thread so a chatty child never blocks on a full pipe.
    final class Collector: @unchecked Sendable {
        // Safe: `buffer` is only touched under `lock`.
        private let lock = NSLock()
        private var buffer = Data()
        private var finished = false
        private let done = DispatchSemaphore(value: 0)

        init(_ pipe: Pipe) {
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
                done.signal()
            }
        }

        /// Everything read so far (complete once the process has ended and the pipe closed).
        func text(waitForEnd: Bool = true) -> String {
            lock.lock()
            let isFinished = finished
            lock.unlock()
            if waitForEnd && !isFinished { _ = done.wait(timeout: .now() + 5) }
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: buffer, as: UTF8.self)
        }

        /// What was read so far, without waiting for the end.
        func snapshot() -> String { text(waitForEnd: false) }
    }
}

/// A fresh temporary `STRATA_HOME` (not created: each executable decides whether to create it).
func temporaryHome(_ name: String = #function) -> URL {
    let base = TemporaryRoot.directory("strata-it")
    try? FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    return base.appendingPathComponent("home", isDirectory: true)
}
