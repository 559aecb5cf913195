import Foundation
import StrataWire
import Synchronization

/// `strata-server serve` as a child process on a free loopback port over a fresh data directory,
/// optionally with a group, a user (alice) and an app created by the admin commands first.
final class LiveServer: Sendable {
    let process: Process
    let port: Int
    /// The app alice logs in to (nil without `user`).
    let app: TestServer.App?
    private let output: TextSink

    var client: WireClient { WireClient(base: URL(string: "http://127.0.0.1:\(port)")!) }
    var pid: Int32 { process.processIdentifier }
    /// Everything the server has written to standard error so far (its log).
    var log: String { output.text }

    private init(process: Process, port: Int, app: TestServer.App?, output: TextSink) {
        self.process = process
        self.port = port
        self.app = app
        self.output = output
    }

    /// Starts `serve --port 0` with `options`; `shellPrefix` (e.g. `ulimit -S -n 256`) runs in a
    /// shell that then `exec`s the server, so the server keeps the shell's process id.
    static func start(_ options: [String], user: Bool = false, shellPrefix: String? = nil) async throws -> LiveServer {
        let directory = TemporaryRoot.directory("live-server").path
        let data = ["--data-dir", directory]
        var app: TestServer.App?
        if user {
            _ = try ServerProcess.run(["admin", "group", "create", "nurses"] + data)
            _ = try ServerProcess.run(
                ["admin", "user", "create", "alice", "--password-stdin", "--group", "nurses:lead"] + data,
                stdin: "\(TestServer.password)\n")
            let created = try ServerProcess.run(["admin", "app", "create", "org.example.cases", "--version", "1"] + data)
            guard let key = created.stdout.split(separator: "\n").first(where: { $0.hasPrefix("app key: ") }) else {
                throw RawConnectionError("admin app create printed no key: \(created)")
            }
            app = TestServer.App(id: "org.example.cases", version: "1", key: String(key.dropFirst(9)))
        }
        let arguments = ["serve", "--port", "0"] + data + options
        let process = Process()
        if let shellPrefix {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "\(shellPrefix) && exec \"$0\" \"$@\"", ServerProcess.executable.path] + arguments
        } else {
            process.executableURL = ServerProcess.executable
            process.arguments = arguments
        }
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "TZ": "UTC"]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = TextSink()
        let stderr = TextSink()
        stdout.drain(out.fileHandleForReading)
        stderr.drain(err.fileHandleForReading)
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline && process.isRunning {
            let line = stdout.text.split(separator: "\n").first { $0.contains("listening on") }
            if let line, let port = line.split(separator: ":").last.flatMap({ Int($0) }) {
                return LiveServer(process: process, port: port, app: app, output: stderr)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        throw RawConnectionError("the server did not start: \(stdout.text) \(stderr.text)")
    }

    /// Waits (at most `timeout`) until the log contains `text` more than `after` times.
    func waitForLog(_ text: String, after: Int = 0, timeout: Duration = .seconds(10)) async throws -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if log.components(separatedBy: text).count - 1 > after { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// Waits (at most `timeout`) for the process to exit; its status, or nil when it still runs.
    func waitForExit(timeout: Duration) async throws -> Int32? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if !process.isRunning { return process.terminationStatus }
            try await Task.sleep(for: .milliseconds(10))
        }
        return nil
    }

    /// Logs alice in (needs `user`); her token.
    func login() async throws -> String {
        guard let app else { throw RawConnectionError("started without a user") }
        return try await client.login("alice", app: app).token
    }

    /// Kills the server if it still runs.
    func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// Text a child process writes to a pipe, read on a thread of its own until the end of stream.
final class TextSink: Sendable {
    private let content = Mutex("")

    /// Everything read so far.
    var text: String { content.withLock { $0 } }

    /// Starts reading `handle`.
    func drain(_ handle: FileHandle) {
        Thread {
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { return }
                self.content.withLock { $0 += String(decoding: chunk, as: UTF8.self) }
            }
        }.start()
    }
}
