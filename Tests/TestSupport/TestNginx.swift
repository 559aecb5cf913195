public import Foundation

/// A real nginx load balancer in front of ``TestServer`` instances, configured from the sample
/// `deploy/nginx/strata.conf` that Docs/Deploying.md gives operators.
///
/// ``start(in:)`` runs `scripts/nginx start --owner-pid <this process> 127.0.0.1:PORT…`, which
/// starts nginx on a free loopback port with everything it writes in a temporary folder and,
/// should the test process end without ``stop()``, stops it and removes the folder then. A
/// missing nginx fails the test with the script's one-line reason (`scripts/test` installs
/// Debian's `nginx`): never skipped.
public final class TestNginx: Sendable {
    /// `http://127.0.0.1:<port>`: where clients send their requests.
    public let url: String
    /// The folder holding nginx's configuration, pid file and error log.
    public let directory: URL

    private init(url: String, directory: URL) {
        self.url = url
        self.directory = directory
    }

    /// What nginx wrote to its error log so far (at level `warn` and above: an upstream that
    /// refused a connection or closed one mid-answer is logged here).
    public var errorLog: String {
        (try? String(contentsOf: directory.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
    }

    /// Starts nginx in front of `servers` (in that order in its upstream block) and returns once
    /// it answers.
    public static func start(in front: [TestServer]) async throws -> TestNginx {
        let upstreams = front.map { "127.0.0.1:\($0.port)" }
        let outcome: StrataProcess.Outcome
        do {
            outcome = try await SystemTool.run(
                "/bin/bash",
                [script.path, "start", "--owner-pid", "\(ProcessInfo.processInfo.processIdentifier)"] + upstreams)
        } catch {
            throw TestNginxError("cannot run \(script.path): \(error)")
        }
        guard outcome.status == 0 else { throw TestNginxError(outcome.stderr) }
        var fields: [String: String] = [:]
        for line in outcome.stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        guard let url = fields["url"], let directory = fields["dir"] else {
            throw TestNginxError("scripts/nginx start printed no url= and dir= lines: \(outcome.stdout)")
        }
        return TestNginx(url: url, directory: URL(fileURLWithPath: directory))
    }

    /// Stops nginx and removes its folder (`scripts/nginx stop DIR`), waiting for it.
    public func stop() async {
        _ = try? await SystemTool.run("/bin/bash", [Self.script.path, "stop", directory.path])
    }

    /// `scripts/nginx`, found from this file's place in the repository.
    static var script: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("scripts/nginx")
    }
}

/// Starts a ``TestNginx`` in front of `servers`, runs `body` with it, and stops it however
/// `body` ends.
public func withTestNginx<Result>(
    in front: [TestServer], isolation: isolated (any Actor)? = #isolation, _ body: (TestNginx) async throws -> Result
) async throws -> Result {
    let nginx = try await TestNginx.start(in: front)
    return try await withCleanUp(of: nginx, by: { await $0.stop() }, body)
}

/// Why the test load balancer could not be had (the script's own words, on one line).
public struct TestNginxError: Error, CustomStringConvertible {
    /// The reason.
    public let description: String

    init(_ text: String) {
        description = "nginx for tests: " + text.split(separator: "\n").joined(separator: " | ")
    }
}
