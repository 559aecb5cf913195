import Foundation
import StrataTestSupport

/// A PostgreSQL cluster of one test's own (never the shared ``TestPostgres`` one, which other
/// tests use meanwhile), which the test can crash: `scripts/postgres start --owner-pid` starts
/// it (stopped and removed when this test process exits), ``crash()`` stops it as a crash would
/// (`pg_ctl -m immediate`: no checkpoint, WAL still in PostgreSQL's buffers lost) and starts it
/// again on the same port, which replays its WAL.
struct CrashablePostgres {
    /// `postgres://strata:…@127.0.0.1:PORT/strata?sslmode=disable`.
    let url: String
    /// The cluster's folder (`dir=`).
    let directory: String

    static func start() async throws -> CrashablePostgres {
        let outcome = try await script(["start", "--owner-pid", "\(ProcessInfo.processInfo.processIdentifier)"])
        guard outcome.status == 0 else { throw CrashablePostgresError("scripts/postgres start: \(outcome.stderr)") }
        var fields: [String: String] = [:]
        for line in outcome.stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let url = fields["url"], let directory = fields["dir"] else {
            throw CrashablePostgresError("scripts/postgres start printed no url= and dir= lines: \(outcome.stdout)")
        }
        return CrashablePostgres(url: url, directory: directory)
    }

    /// Crashes the cluster and starts it again; returns once it is up.
    func crash() async throws {
        let outcome = try await Self.script(["crash", directory])
        guard outcome.status == 0 else { throw CrashablePostgresError("scripts/postgres crash: \(outcome.stderr)") }
    }

    /// Stops the cluster and removes its folder.
    func stop() async throws {
        let outcome = try await Self.script(["stop", directory])
        guard outcome.status == 0 else { throw CrashablePostgresError("scripts/postgres stop: \(outcome.stderr)") }
    }

    private static func script(_ arguments: [String]) async throws -> StrataProcess.Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [scriptPath] + arguments
        process.environment = ProcessInfo.processInfo.environment
        return await (try StrataProcess.start(process)).finish(within: .seconds(300))
    }
}

/// `scripts/postgres`, found from this file's place in the repository.
private let scriptPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts/postgres").path

/// Why the crashable cluster could not be started or crashed (the script's own words).
struct CrashablePostgresError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description.split(separator: "\n").joined(separator: " | ") }
}
