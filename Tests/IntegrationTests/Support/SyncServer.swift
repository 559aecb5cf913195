import Foundation
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `strata-server` as a child process on a free loopback port over a temporary data
/// directory, with the admin commands the sync tests need; it can be killed (SIGKILL) and
/// restarted on the same port and data directory, so a client's URL stays valid.
final class SyncServer: Sendable {
    /// The app every test client uses (the hosts' defaults: `StrataConstants.appID` / version).
    static let appID = "dev.strata.casebook"
    static let appVersion = "0.1.0"

    let dataDirectory: URL
    let url: String
    let port: Int
    let appKey: String
    private let running: Mutex<StrataProcess.Running>
    /// What every earlier server process (before a kill) printed, for failure messages.
    private let earlierOutput = Mutex<[String]>([])

    /// Creates the data directory and the app, then starts `serve --port 0` and waits (at most
    /// `timeout` seconds) for the printed address.
    init(timeout: TimeInterval = 30) throws {
        dataDirectory = TemporaryRoot.directory("strata-server-data")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let created = try Self.admin(
            dataDirectory, ["app", "create", Self.appID, "--version", Self.appVersion])
        let key = created.split(separator: "\n").first { $0.hasPrefix("app key: ") }?.dropFirst("app key: ".count)
        appKey = try #require(key.map(String.init), "no app key in: \(created)")
        let (process, address) = try Self.serve(dataDirectory, port: 0, timeout: timeout)
        running = Mutex(process)
        url = address
        port = Int(address.split(separator: ":").last ?? "") ?? 0
    }

    /// Stops the server (SIGTERM, then SIGKILL after 5 s) and returns what it printed.
    @discardableResult
    func stop() -> StrataProcess.Outcome {
        let process = running.withLock { $0 }
        process.signal(SIGTERM)
        return process.wait(timeout: 5)
    }

    /// Kills the server with SIGKILL (no clean-up of any kind) and waits for it to be gone.
    func kill() {
        let process = running.withLock { $0 }
        process.signal(SIGKILL)
        let outcome = process.wait(timeout: 10)
        earlierOutput.withLock { $0.append("\(outcome)") }
    }

    /// Starts a new server process on the same port and data directory (after ``kill()``),
    /// retrying the bind for up to `timeout` seconds.
    func restart(timeout: TimeInterval = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            do {
                let (process, _) = try Self.serve(dataDirectory, port: port, timeout: deadline.timeIntervalSinceNow)
                running.withLock { $0 = process }
                return
            } catch let failure as ServerFailure where Date() < deadline {
                earlierOutput.withLock { $0.append(failure.description) }
                usleep(100_000)
            }
        }
    }

    /// Whether the current server process is alive.
    var isRunning: Bool { running.withLock { $0.process.isRunning } }

    /// What the earlier (killed) server processes printed.
    var history: String { earlierOutput.withLock { $0.joined(separator: "\n") } }

    deinit {
        let process = running.withLock { $0 }
        if process.process.isRunning { process.signal(SIGKILL) }
    }

    /// The app's database file, `apps/<app id>@<version>.sqlite` under the data directory.
    var appDatabase: URL {
        dataDirectory.appendingPathComponent("apps").appendingPathComponent("\(Self.appID)@\(Self.appVersion).sqlite")
    }

    /// How many operations the app database records as applied (0 while it does not exist yet).
    func appliedOperationCount() -> Int {
        (try? SQLiteReader(appDatabase.path).integer("SELECT count(*) FROM operations")) ?? 0
    }

    /// `strata-server admin group create NAME`.
    func createGroup(_ name: String) throws {
        _ = try Self.admin(dataDirectory, ["group", "create", name])
    }

    /// `strata-server admin user create NAME --password-stdin --group GROUP:member`.
    func createUser(_ name: String, password: String, group: String) throws {
        _ = try Self.admin(
            dataDirectory, ["user", "create", name, "--password-stdin", "--group", "\(group):member"], stdin: password + "\n")
    }

    /// The environment that points a host at this server.
    var clientEnvironment: [String: String] { ["STRATA_SERVER_URL": url, "STRATA_APP_KEY": appKey] }

    /// Logs in over HTTP and pulls `type` from cursor 0: the live objects the server holds for `account`.
    func pull(_ type: String, account: String, password: String) async throws -> [[String: Any]] {
        try await pullAll(type, account: account, password: password).filter { ($0["deleted"] as? Bool) != true }
    }

    /// Logs in over HTTP and pulls `type` from cursor 0, page after page: every object the
    /// server holds for `account`, deleted ones (tombstones) included.
    func pullAll(_ type: String, account: String, password: String) async throws -> [[String: Any]] {
        var login = URLRequest(url: try #require(URL(string: "\(url)/v1/auth/login")))
        login.httpMethod = "POST"
        login.setValue("application/json", forHTTPHeaderField: "Content-Type")
        login.httpBody = try JSONSerialization.data(withJSONObject: [
            "account": account, "password": password, "appId": Self.appID, "appVersion": Self.appVersion,
            "appKey": appKey,
        ])
        let (loginData, _) = try await URLSession.shared.data(for: login)
        let session = try #require(try JSONSerialization.jsonObject(with: loginData) as? [String: Any])
        let token = try #require(session["token"] as? String, "login answered \(session)")
        var objects: [[String: Any]] = []
        var cursor = 0
        while true {
            var pull = URLRequest(url: try #require(URL(string: "\(url)/v1/objects/\(type)?since=\(cursor)&limit=1000")))
            pull.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            let (pullData, _) = try await URLSession.shared.data(for: pull)
            let page = try #require(try JSONSerialization.jsonObject(with: pullData) as? [String: Any])
            objects += try #require(page["objects"] as? [[String: Any]], "pull answered \(page)")
            let next = try #require(page["cursor"] as? Int, "pull answered no cursor: \(page)")
            guard page["hasMore"] as? Bool == true, next > cursor else { return objects }
            cursor = next
        }
    }

    private static func process(_ directory: URL) -> StrataProcess {
        StrataProcess("strata-server", home: directory.appendingPathComponent("unused-home"))
    }

    /// Starts `serve --port PORT` and waits (at most `timeout` seconds) for the printed address.
    private static func serve(_ directory: URL, port: Int, timeout: TimeInterval) throws -> (StrataProcess.Running, String) {
        let running = try process(directory).start(["serve", "--port", "\(port)", "--data-dir", directory.path])
        let deadline = Date().addingTimeInterval(max(1, timeout))
        while Date() < deadline && running.process.isRunning {
            let text = running.stdout.snapshot() + running.stderr.snapshot()
            if let range = text.range(of: #"listening on http://[0-9.]+:[0-9]+"#, options: .regularExpression) {
                return (running, String(text[range].dropFirst("listening on ".count)))
            }
            usleep(20_000)
        }
        let outcome = running.wait(timeout: 1)
        throw ServerFailure(description: "strata-server did not print its address: \(outcome)")
    }

    /// Runs `strata-server admin ARGS --data-dir DIR`, requires success, returns standard output.
    private static func admin(_ directory: URL, _ arguments: [String], stdin: String? = nil) throws -> String {
        let outcome = try process(directory).run(["admin"] + arguments + ["--data-dir", directory.path], stdin: stdin)
        guard outcome.status == 0 else { throw ServerFailure(description: "strata-server admin \(arguments): \(outcome)") }
        return outcome.stdout
    }
}

/// A server step that was expected to succeed failed.
struct ServerFailure: Error, CustomStringConvertible {
    let description: String
}
