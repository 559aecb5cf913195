import Foundation

/// A real PostgreSQL server for tests: one cluster per test process, a fresh database per test.
///
/// The first use runs `scripts/postgres start --owner-pid <this process>`, which installs
/// Debian's `postgresql` when `initdb` is missing, runs `initdb` into a temporary folder as the
/// unprivileged user `postgres` (tests run as root here), starts the server on a free loopback
/// port and, when this process exits however it exits, stops it and removes the folder. A
/// missing PostgreSQL that cannot be installed fails the tests that use it with the script's
/// one-line reason: never skipped. Under `scripts/postgres run …` (which sets
/// `STRATA_TEST_POSTGRES_URL`) that cluster is used instead.
public enum TestPostgres {
    /// The shared cluster: a URL to its `strata` database and the folder of its client programs.
    struct Cluster: Sendable {
        var url: URLComponents
        var bin: URL
        /// The server's self-signed TLS certificate (`ca=`), `nil` for a cluster given by URL.
        var certificate: String?
    }

    /// Starts the cluster once; every caller awaits the same start.
    private static let cluster = Task<Cluster, any Error> { try await start() }

    /// The URL (`postgres://strata:…@127.0.0.1:PORT/NAME`) of a new, empty database on the
    /// shared cluster, which `body` gets and which is dropped after it (also when it throws).
    public static func withDatabase<T: Sendable>(_ body: (String) async throws -> T) async throws -> T {
        let (url, name) = try await newDatabase()
        let cluster = try await cluster.value
        do {
            let result = try await body(url)
            _ = try? await psql(cluster, "DROP DATABASE \(name) WITH (FORCE)")
            return result
        } catch {
            _ = try? await psql(cluster, "DROP DATABASE \(name) WITH (FORCE)")
            throw error
        }
    }

    /// The URL of a new, empty database on the shared cluster, removed with the cluster when
    /// the test process exits (for a server a test starts and stops rather than scopes).
    public static func database() async throws -> String {
        try await newDatabase().url
    }

    /// Runs `sql` in the database `url` names (a URL from this cluster), through `psql`.
    public static func execute(_ sql: String, in url: String) async throws {
        var cluster = try await cluster.value
        guard let components = URLComponents(string: url) else { throw TestPostgresError("not a URL: \(url)") }
        cluster.url = components
        try await psql(cluster, sql)
    }

    /// The rows `sql` returns in the database `url` names (a URL from this cluster), through
    /// `psql -At`: one line per row, columns separated by `|`, no header, trimmed.
    public static func query(_ sql: String, in url: String) async throws -> String {
        var cluster = try await cluster.value
        guard let components = URLComponents(string: url) else { throw TestPostgresError("not a URL: \(url)") }
        cluster.url = components
        return try await psql(cluster, sql, ["-At"]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func newDatabase() async throws -> (url: String, name: String) {
        let cluster = try await cluster.value
        let name = "t_" + UUID().uuidString.lowercased().replacing("-", with: "")
        try await psql(cluster, "CREATE DATABASE \(name)")
        var url = cluster.url
        url.path = "/\(name)"
        // A loaded parallel run can keep a new database's first pooled connection waiting past
        // the server's default 5 s: the tests' servers wait up to a minute instead.
        url.queryItems = (url.queryItems ?? []).filter { $0.name != "connect_timeout" } + [URLQueryItem(name: "connect_timeout", value: "60")]
        return (url.string ?? "", name)
    }

    /// `url` (a database of this cluster) with the server's wait for a pooled connection set to
    /// `seconds` (the URL's `connect_timeout`), for a test of what happens when none comes.
    public static func connectTimeout(_ seconds: Int, in url: String) throws -> String {
        guard var components = URLComponents(string: url) else { throw TestPostgresError("not a URL: \(url)") }
        components.queryItems = (components.queryItems ?? []).filter { $0.name != "connect_timeout" }
            + [URLQueryItem(name: "connect_timeout", value: "\(seconds)")]
        return components.string ?? url
    }

    /// `scripts/postgres`, found from this file's place in the repository.
    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/postgres")
    }

    private static func start() async throws -> Cluster {
        if let given = ProcessInfo.processInfo.environment["STRATA_TEST_POSTGRES_URL"], let url = URLComponents(string: given) {
            let bins = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
            let bin = bins.sorted().last.map { URL(fileURLWithPath: "/usr/lib/postgresql/\($0)/bin") } ?? URL(fileURLWithPath: "/usr/bin")
            return Cluster(url: url, bin: bin)
        }
        let outcome = try await run(
            URL(fileURLWithPath: "/bin/bash"),
            [script.path, "start", "--owner-pid", "\(ProcessInfo.processInfo.processIdentifier)"])
        guard outcome.status == 0 else { throw TestPostgresError(outcome.stderr) }
        var fields: [String: String] = [:]
        for line in outcome.stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let text = fields["url"], let url = URLComponents(string: text), let bin = fields["bin"] else {
            throw TestPostgresError("scripts/postgres start printed no url= and bin= lines: \(outcome.stdout)")
        }
        return Cluster(url: url, bin: URL(fileURLWithPath: bin), certificate: fields["ca"])
    }

    /// `url` (a database of this cluster) asking for TLS with `sslmode`, trusting the cluster's
    /// own certificate as `sslrootcert` when `trusting` (else the system's roots, which do not
    /// know it).
    public static func tls(_ url: String, sslmode: String = "verify-full", trusting: Bool = true) async throws -> String {
        guard let certificate = try await cluster.value.certificate else {
            throw TestPostgresError("this cluster (STRATA_TEST_POSTGRES_URL) has no certificate of its own to trust")
        }
        guard var components = URLComponents(string: url) else { throw TestPostgresError("not a URL: \(url)") }
        components.queryItems = [URLQueryItem(name: "sslmode", value: sslmode)]
            + (trusting ? [URLQueryItem(name: "sslrootcert", value: certificate)] : [])
        return components.string ?? url
    }

    /// How many `psql` children run at once.
    private static let psqlSlots = ChildSlots(limit: 4)

    /// Runs `sql` through `psql` (with `options` besides the quiet, stop-on-error ones); its standard output.
    @discardableResult
    private static func psql(_ cluster: Cluster, _ sql: String, _ options: [String] = []) async throws -> String {
        // A few at a time: the parallel run once started 96 at once (each a connection and a
        // backend), and the servers under test then waited seconds for their own connections.
        let outcome = try await psqlSlots.holding {
            try await run(
                cluster.bin.appendingPathComponent("psql"),
                [cluster.url.string ?? "", "-q", "-v", "ON_ERROR_STOP=1"] + options + ["-c", sql])
        }
        guard outcome.status == 0 else { throw TestPostgresError("psql \(sql.prefix(40)): \(outcome.stderr)") }
        return outcome.stdout
    }

    /// Runs a program to its end (through ``StrataProcess``, never Foundation's `Process.run()`:
    /// see ``ChildProcess``), suspending meanwhile.
    private static func run(_ executable: URL, _ arguments: [String]) async throws -> StrataProcess.Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment
        do {
            return await (try StrataProcess.start(process)).finish(within: .seconds(600))
        } catch {
            throw TestPostgresError("cannot run \(executable.path): \(error)")
        }
    }
}

/// Why the test cluster could not be had (the script's or psql's own words).
public struct TestPostgresError: Error, CustomStringConvertible {
    /// The reason, one line where the tool gave one.
    public let description: String

    init(_ text: String) {
        description = "PostgreSQL for tests: " + text.split(separator: "\n").joined(separator: " | ")
    }
}
