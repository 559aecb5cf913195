public import Foundation

/// What one run of the benchmark talks to: `strata-server` instances on SQLite or on a throwaway
/// PostgreSQL cluster (`scripts/postgres start`), reached directly or through a throwaway nginx
/// (`scripts/nginx start`) in front of them. Everything it starts is stopped by ``stop()``, and by
/// the scripts' watchers when this process dies first.
public final class Deployment {
    /// The database engine the server runs on.
    public enum Engine: String, CaseIterable, Sendable {
        /// SQLite files in a data directory (the embedded default).
        case sqlite
        /// A throwaway PostgreSQL cluster.
        case postgres
    }

    /// The URL the clients use.
    public let url: URL
    /// The app key of `org.strata.bench` version 1.
    public let appKey: String
    /// The server processes (one per instance).
    public let servers: [Process]
    /// A one-line description, e.g. `postgres, nginx → 2 instances`.
    public let label: String
    private let clusterDirectory: String?
    private let nginxDirectory: String?

    /// Starts `instances` servers on `engine` with the given users (all members of group `bench`)
    /// and `outsiders` (users of no group), behind nginx when `viaNginx`. Extra `serve` options
    /// go to every instance.
    public init(
        engine: Engine, instances: Int, viaNginx: Bool, scratch: URL, users: [String], password: String,
        outsiders: [String] = [], serveOptions: [String] = []
    ) throws {
        var cluster: String?
        var balancer: String?
        var started: [Process] = []
        do {
            var database: String?
            if engine == .postgres {
                let out = try Scripts.run("postgres", ["start", "--owner-pid", "\(getpid())"], environment: ["STRATA_PG_DURABLE": "1"])
                cluster = out["dir"]
                guard let url = out["url"] else { throw ServerChild.Failure(description: "scripts/postgres start printed no url=") }
                database = url
            }
            let server = try ServerChild(dataDirectory: scratch.appendingPathComponent("server"), database: database)
            try server.admin(["admin", "group", "create", "bench"])
            for user in users {
                try server.admin(["admin", "user", "create", user, "--password-stdin", "--group", "bench:member"], stdin: password + "\n")
            }
            for user in outsiders {
                try server.admin(["admin", "user", "create", user, "--password-stdin"], stdin: password + "\n")
            }
            let created = try server.admin(["admin", "app", "create", "org.strata.bench", "--version", "1"])
            guard let key = created.split(separator: "\n").first(where: { $0.hasPrefix("app key: ") }).map({ String($0.dropFirst(9)) }) else {
                throw ServerChild.Failure(description: "admin app create printed no key: \(created)")
            }
            appKey = key
            var ports: [Int] = []
            let proxy = viaNginx ? ["--trusted-proxy", "127.0.0.1"] : []
            for _ in 0..<instances {
                let (process, port) = try server.serve(proxy + serveOptions)
                started.append(process)
                ports.append(port)
            }
            if viaNginx {
                let out = try Scripts.run("nginx", ["start", "--owner-pid", "\(getpid())"] + ports.map { "127.0.0.1:\($0)" })
                balancer = out["dir"]
                guard let url = out["url"].flatMap(URL.init(string:)) else { throw ServerChild.Failure(description: "scripts/nginx start printed no url=") }
                self.url = url
                label = "\(engine.rawValue), nginx → \(instances) instance\(instances == 1 ? "" : "s")"
            } else {
                url = URL(string: "http://127.0.0.1:\(ports[0])")!
                label = "\(engine.rawValue), direct"
            }
        } catch {
            Self.stop(servers: started, cluster: cluster, nginx: balancer)
            throw error
        }
        servers = started
        clusterDirectory = cluster
        nginxDirectory = balancer
    }

    /// Stops the servers, nginx and the PostgreSQL cluster.
    public func stop() {
        Self.stop(servers: servers, cluster: clusterDirectory, nginx: nginxDirectory)
    }

    private static func stop(servers: [Process], cluster: String?, nginx: String?) {
        for server in servers where server.isRunning {
            server.terminate()
            server.waitUntilExit()
        }
        if let nginx { _ = try? Scripts.run("nginx", ["stop", nginx]) }
        if let cluster { _ = try? Scripts.run("postgres", ["stop", cluster]) }
    }
}
