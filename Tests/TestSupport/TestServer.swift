public import Foundation
import Synchronization

/// The real `strata-server` as a child process on a free loopback port over a temporary data
/// directory: started by ``start(_:dataDirectory:app:user:shellPrefix:timeout:)`` once it
/// answers (it prints its address after binding), stopped by ``stop(grace:)``. It can be killed
/// (SIGKILL) and restarted on the same port and data directory, so a client's URL stays valid.
///
/// Prefer ``withTestServer(_:dataDirectory:app:user:shellPrefix:isolation:_:)``, which stops the
/// server (and waits for it) however the test's body ends.
public final class TestServer: Sendable {
    /// An app the server knows: what a client names when it logs in.
    public struct App: Sendable, Hashable {
        /// The app id (e.g. `org.example.cases`), its version (e.g. `1`) and the key `admin app create` printed.
        public let id: String, version: String, key: String

        /// An app `id`@`version` with `key`.
        public init(id: String, version: String, key: String) {
            (self.id, self.version, self.key) = (id, version, key)
        }
    }

    /// The password of every user the launcher (or a test) creates.
    public static let password = "correct horse battery"
    /// The app that ``start(_:dataDirectory:app:user:shellPrefix:timeout:)`` creates with `user: true`.
    public static let casesApp = (id: "org.example.cases", version: "1")

    /// The server's data directory (`--data-dir`).
    public let dataDirectory: URL
    /// The PostgreSQL database (`--database`) every command of this server runs on, or `nil`
    /// for SQLite in ``dataDirectory``.
    public let database: String?
    /// `--data-dir` and, when given, `--database`: what every command of this server gets.
    var storage: [String] { Self.storage(dataDirectory, database) }

    static func storage(_ directory: URL, _ database: String?) -> [String] {
        ["--data-dir", directory.path] + (database.map { ["--database", $0] } ?? [])
    }
    /// The loopback port it listens on.
    public let port: Int
    /// The app created at start (nil when none was asked for).
    public let app: App?
    /// The `serve` options and shell prefix of the first start, which ``restart(timeout:)`` keeps.
    private let options: [String], shellPrefix: String?
    private let running: Mutex<StrataProcess.Running>
    /// What every earlier server process (before a kill) printed, for failure messages.
    private let earlierOutput = Mutex<[String]>([])

    /// `http://127.0.0.1:<port>`.
    public var url: String { "http://127.0.0.1:\(port)" }
    /// The server's process id (the shell's, which `exec`s the server, with a shell prefix).
    public var pid: Int32 { current.process.processIdentifier }
    /// Whether the current server process is alive.
    public var isRunning: Bool { current.process.isRunning }
    /// Everything the current server process has written to standard error so far (its log).
    public var log: String { current.stderr.snapshot() }
    /// What the earlier (killed) server processes printed.
    public var history: String { earlierOutput.withLock { $0.joined(separator: "\n") } }

    private var current: StrataProcess.Running { running.withLock { $0 } }

    private init(
        dataDirectory: URL, database: String?, port: Int, app: App?, options: [String], shellPrefix: String?,
        running: StrataProcess.Running
    ) {
        self.dataDirectory = dataDirectory
        self.database = database
        self.port = port
        self.app = app
        (self.options, self.shellPrefix) = (options, shellPrefix)
        self.running = Mutex(running)
    }

    deinit {
        // A safety net for a test that never stopped its server: no child outlives the runner.
        let process = running.withLock { $0 }
        if process.process.isRunning { process.signal(SIGKILL) }
    }

    /// Runs `strata-server arguments` to completion (a CLI check, an admin command), suspending
    /// meanwhile.
    public static func run(
        _ arguments: [String], stdin: String? = nil, shellPrefix: String? = nil
    ) async throws -> StrataProcess.Outcome {
        try await StrataProcess("strata-server", home: nil).run(arguments, stdin: stdin, shellPrefix: shellPrefix)
    }

    /// Starts `strata-server serve --port 0 <options>` and returns once it answers (at most
    /// `timeout`, by default ``Patience/childProcess``). The data directory is a fresh temporary one unless given. Before serving, the
    /// admin commands create `app` (id, version) when given, and with `user` the group `nurses`,
    /// its lead `alice` (``password``) and ``casesApp``. `shellPrefix` (e.g. `ulimit -S -n 256`)
    /// runs in a shell that then `exec`s the server.
    /// With `database` (a URL from ``TestPostgres``) every command runs on that PostgreSQL
    /// database instead of SQLite in the data directory.
    public static func start(
        _ options: [String] = [], dataDirectory: URL? = nil, app: (id: String, version: String)? = nil, user: Bool = false,
        shellPrefix: String? = nil, timeout: Duration = Patience.childProcess, database: String? = nil
    ) async throws -> TestServer {
        let directory = dataDirectory ?? TemporaryRoot.directory("strata-server-data")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let storage = storage(directory, database)
        if user {
            _ = try await admin(storage, ["group", "create", "nurses"])
            _ = try await admin(storage, ["user", "create", "alice", "--password-stdin", "--group", "nurses:lead"], stdin: password + "\n")
        }
        var created: App?
        if let app = app ?? (user ? casesApp : nil) {
            let output = try await admin(storage, ["app", "create", app.id, "--version", app.version])
            guard let key = output.split(separator: "\n").first(where: { $0.hasPrefix("app key: ") }) else {
                throw TestServerFailure("strata-server admin app create printed no key: \(output)")
            }
            created = App(id: app.id, version: app.version, key: String(key.dropFirst("app key: ".count)))
        }
        let (running, port) = try await serve(storage, port: 0, options: options, shellPrefix: shellPrefix, timeout: timeout)
        return TestServer(
            dataDirectory: directory, database: database, port: port, app: created, options: options,
            shellPrefix: shellPrefix, running: running)
    }

    /// Stops the server: SIGTERM, then SIGKILL if it has not ended after `grace` (by default
    /// ``Patience/childProcess``: a loaded machine must not turn a clean exit into a kill, whose
    /// status tests check); waits for it to end and returns what it printed.
    @discardableResult
    public func stop(grace: Duration = Patience.childProcess) async -> StrataProcess.Outcome {
        let process = current
        if process.process.isRunning { process.signal(SIGTERM) }
        return await process.finish(within: grace)
    }

    /// Kills the server with SIGKILL (no clean-up of any kind) and waits for it to be gone.
    public func kill() async {
        let process = current
        if process.process.isRunning { process.signal(SIGKILL) }
        let outcome = await process.finish(within: Patience.childProcess)
        earlierOutput.withLock { $0.append("\(outcome)") }
    }

    /// Starts a new server process on the same port, data directory, database and `serve`
    /// options (after ``kill()``), as a service manager restarts a server: a client's or a load
    /// balancer's address for it stays valid. Retries the bind (the old socket may linger) for
    /// up to `timeout` (by default ``Patience/childProcess``).
    public func restart(timeout: Duration = Patience.childProcess) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            do {
                let (process, _) = try await Self.serve(
                    storage, port: port, options: options, shellPrefix: shellPrefix, timeout: deadline - ContinuousClock.now)
                running.withLock { $0 = process }
                return
            } catch let failure as TestServerFailure where ContinuousClock.now < deadline {
                earlierOutput.withLock { $0.append(failure.description) }
                try await Task.sleep(for: .milliseconds(100))  // the retry interval: the port is still held
            }
        }
    }

    /// Waits (at most `timeout`, by default ``Patience/childProcess``) until the log contains
    /// `text` more than `after` times; whether it did. Throws `CancellationError` when the test
    /// is cancelled.
    public func waitForLog(_ text: String, after: Int = 0, timeout: Duration = Patience.childProcess) async throws -> Bool {
        let found = await eventually(within: timeout) { log.components(separatedBy: text).count - 1 > after }
        try Task.checkCancellation()
        return found
    }

    /// Waits (at most `timeout`) for the process to exit; its status, or nil when it still runs.
    /// Throws `CancellationError` when the test is cancelled.
    public func waitForExit(timeout: Duration) async throws -> Int32? {
        let process = current.process
        let exited = await eventually(within: timeout, every: .milliseconds(10)) { !process.isRunning }
        try Task.checkCancellation()
        return exited ? process.terminationStatus : nil
    }

    /// `strata-server admin <arguments> --data-dir <data directory> [--database <url>]`, required to succeed; its standard output.
    @discardableResult
    public func admin(_ arguments: [String], stdin: String? = nil) async throws -> String {
        try await Self.admin(storage, arguments, stdin: stdin)
    }

    /// `strata-server admin group create NAME`.
    public func createGroup(_ name: String) async throws {
        try await admin(["group", "create", name])
    }

    /// `strata-server admin user create NAME --password-stdin --group GROUP:member`.
    public func createUser(_ name: String, password: String = TestServer.password, group: String) async throws {
        try await admin(["user", "create", name, "--password-stdin", "--group", "\(group):member"], stdin: password + "\n")
    }

    private static func admin(_ storage: [String], _ arguments: [String], stdin: String? = nil) async throws -> String {
        let outcome = try await StrataProcess("strata-server", home: nil).run(["admin"] + arguments + storage, stdin: stdin)
        guard outcome.status == 0 else { throw TestServerFailure("strata-server admin \(arguments): \(outcome)") }
        return outcome.stdout
    }

    /// Starts `serve --port PORT` and waits (at most `timeout`) for the printed address.
    private static func serve(
        _ storage: [String], port: Int, options: [String], shellPrefix: String?, timeout: Duration
    ) async throws -> (StrataProcess.Running, Int) {
        let arguments = ["serve", "--port", "\(port)"] + storage + options
        let running = try StrataProcess("strata-server", home: nil).start(arguments, shellPrefix: shellPrefix)
        var bound: Int?
        _ = await eventually(within: max(timeout, .seconds(1))) {
            bound = listeningPort(in: running.stdout.snapshot())
            return bound != nil || !running.process.isRunning
        }
        if let bound { return (running, bound) }
        running.signal(SIGKILL)
        let outcome = await running.finish(within: Patience.childProcess)
        throw TestServerFailure("strata-server did not print its address: \(outcome)")
    }

    /// The port of the `listening on http(s)://HOST:PORT` line, once printed.
    private static func listeningPort(in output: String) -> Int? {
        guard let range = output.range(of: #"listening on https?://[^\s]+:[0-9]+"#, options: .regularExpression) else { return nil }
        return output[range].split(separator: ":").last.flatMap { Int($0) }
    }
}

/// Starts a ``TestServer`` (see ``TestServer/start(_:dataDirectory:app:user:shellPrefix:timeout:)``),
/// runs `body` with it, and stops it (waiting for it to end) however `body` ends.
public func withTestServer<Result>(
    _ options: [String] = [], dataDirectory: URL? = nil, app: (id: String, version: String)? = nil, user: Bool = false,
    shellPrefix: String? = nil, database: String? = nil, isolation: isolated (any Actor)? = #isolation,
    _ body: (TestServer) async throws -> Result
) async throws -> Result {
    try await TestServerSlots.holding {
        let server = try await TestServer.start(
            options, dataDirectory: dataDirectory, app: app, user: user, shellPrefix: shellPrefix, database: database)
        return try await withCleanUp(of: server, by: { await $0.stop() }, body)
    }
}

/// A step of starting or driving the server failed (it did not start, an admin command failed).
public struct TestServerFailure: Error, CustomStringConvertible {
    /// What failed, with the server's output.
    public let description: String

    /// A failure saying `description`.
    public init(_ description: String) { self.description = description }
}
