import Foundation
import StrataTestSupport
import Testing

/// The deployment files Docs/Deploying.md hands to operators are accepted by the real tools:
/// nginx reads `deploy/nginx/strata.conf`, systemd reads `deploy/systemd/strata-server.service`.
@Suite("deploy/: the sample nginx config and systemd unit are valid")
struct DeploymentFilesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    @Test("nginx -t accepts deploy/nginx/strata.conf inside an http block")
    func nginxConfig() async throws {
        let nginx = try SystemTool.path("nginx", package: "nginx")
        let folder = TemporaryRoot.directory("nginx")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sample = Self.repository.appendingPathComponent("deploy/nginx/strata.conf").path
        let temp = folder.path
        // Everything nginx writes goes to the temporary folder; `-t` reads and checks, it binds nothing.
        let main = """
            pid \(temp)/nginx.pid;
            error_log \(temp)/error.log;
            events {}
            http {
                access_log off;
                client_body_temp_path \(temp)/body;
                proxy_temp_path \(temp)/proxy;
                fastcgi_temp_path \(temp)/fastcgi;
                uwsgi_temp_path \(temp)/uwsgi;
                scgi_temp_path \(temp)/scgi;
                include \(sample);
            }
            """
        let file = folder.appendingPathComponent("nginx.conf")
        try main.write(to: file, atomically: true, encoding: .utf8)
        let outcome = try await SystemTool.run(nginx, ["-t", "-p", temp, "-c", file.path])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stderr.contains("test is successful"), "\(outcome)")
    }

    @Test("systemd-analyze verify accepts deploy/systemd/strata-server.service (with the built binary)")
    func systemdUnit() async throws {
        let analyze = try SystemTool.path("systemd-analyze", package: "systemd")
        let folder = TemporaryRoot.directory("systemd")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let unit = try String(
            contentsOf: Self.repository.appendingPathComponent("deploy/systemd/strata-server.service"), encoding: .utf8)
        // verify checks that ExecStart's binary exists: point it at the one this build made.
        let built = StrataProcess.executable("strata-server").path
        #expect(unit.contains("/usr/local/bin/strata-server serve"))
        let file = folder.appendingPathComponent("strata-server.service")
        try unit.replacingOccurrences(of: "/usr/local/bin/strata-server", with: built)
            .write(to: file, atomically: true, encoding: .utf8)
        let outcome = try await SystemTool.run(analyze, ["verify", file.path])
        #expect(outcome.status == 0, "\(outcome)")
        #expect(outcome.stderr.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(outcome)")
    }

    @Test("scripts/nginx refuses an upstream that is not HOST:PORT (nothing else reaches the config) in one line, exit 64")
    func nginxScriptRefusesBadUpstreams() async throws {
        let script = Self.repository.appendingPathComponent("scripts/nginx").path
        for bad in ["x;y:80", "127.0.0.1", "host:port", "a b:80"] {
            let outcome = try await SystemTool.run("/bin/bash", [script, "start", bad])
            #expect(outcome.status == 64, "\(bad): \(outcome)")
            #expect(outcome.stderr.contains("not an upstream HOST:PORT"), "\(bad): \(outcome)")
        }
    }
}
