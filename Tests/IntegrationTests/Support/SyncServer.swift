import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The real `strata-server` as a child process on a free loopback port over a temporary data
/// directory, with the admin commands the sync tests need.
final class SyncServer: Sendable {
    /// The app every test client uses (the hosts' defaults: `StrataConstants.appID` / version).
    static let appID = "dev.strata.casebook"
    static let appVersion = "0.1.0"

    let dataDirectory: URL
    let url: String
    let appKey: String
    private let running: StrataProcess.Running

    /// Creates the data directory and the app, then starts `serve --port 0` and waits (at most
    /// `timeout` seconds) for the printed address.
    init(timeout: TimeInterval = 30) throws {
        dataDirectory = TemporaryRoot.directory("strata-server-data")
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
        let created = try Self.admin(
            dataDirectory, ["app", "create", Self.appID, "--version", Self.appVersion])
        let key = created.split(separator: "\n").first { $0.hasPrefix("app key: ") }?.dropFirst("app key: ".count)
        appKey = try #require(key.map(String.init), "no app key in: \(created)")
        running = try Self.process(dataDirectory).start(["serve", "--port", "0", "--data-dir", dataDirectory.path])
        let deadline = Date().addingTimeInterval(timeout)
        var address: String?
        while address == nil && Date() < deadline && running.process.isRunning {
            let text = running.stdout.snapshot() + running.stderr.snapshot()
            if let range = text.range(of: #"listening on http://[0-9.]+:[0-9]+"#, options: .regularExpression) {
                address = String(text[range].dropFirst("listening on ".count))
            } else {
                usleep(20_000)
            }
        }
        guard let address else {
            let outcome = running.wait(timeout: 1)
            throw ServerFailure(description: "strata-server did not print its address: \(outcome)")
        }
        url = address
    }

    /// Stops the server (SIGTERM, then SIGKILL after 5 s) and returns what it printed.
    @discardableResult
    func stop() -> StrataProcess.Outcome {
        running.signal(SIGTERM)
        return running.wait(timeout: 5)
    }

    deinit { if running.process.isRunning { kill(running.process.processIdentifier, SIGKILL) } }

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

    /// Logs in over HTTP and pulls `type` from cursor 0: the objects the server holds for `account`.
    func pull(_ type: String, account: String, password: String) async throws -> [[String: Any]] {
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
        var pull = URLRequest(url: try #require(URL(string: "\(url)/v1/objects/\(type)?since=0&limit=1000")))
        pull.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (pullData, _) = try await URLSession.shared.data(for: pull)
        let page = try #require(try JSONSerialization.jsonObject(with: pullData) as? [String: Any])
        return try #require(page["objects"] as? [[String: Any]], "pull answered \(page)")
    }

    private static func process(_ directory: URL) -> StrataProcess {
        StrataProcess("strata-server", home: directory.appendingPathComponent("unused-home"))
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
