import Foundation
import StrataTestSupport
import Testing

/// `serve --tls-cert --tls-key`: HTTPS with a self-signed certificate made by `openssl`, checked
/// by `curl --cacert`; bad files are one line naming the option and the file.
@Suite("strata-server over TLS")
struct TLSTests {
    /// Runs Debian's `name` (from `package`) with `arguments`; its exit status and standard output.
    static func run(_ name: String, package: String, _ arguments: [String]) async throws -> (status: Int32, output: String) {
        let outcome = try await SystemTool.run(try SystemTool.path(name, package: package), arguments)
        return (outcome.status, outcome.stdout)
    }

    /// A self-signed certificate for localhost and 127.0.0.1 and its key, in a temporary directory.
    static func selfSigned() async throws -> (cert: String, key: String) {
        let directory = TemporaryRoot.directory("tls")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let cert = directory.appendingPathComponent("cert.pem").path
        let key = directory.appendingPathComponent("key.pem").path
        let made = try await run(
            "openssl", package: "openssl",
            [
                "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "1",
                "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1",
            ])
        try #require(made.status == 0, "openssl failed")
        return (cert, key)
    }

    @Test("with --tls-cert and --tls-key the server answers HTTPS that curl verifies against the certificate")
    func servesHTTPS() async throws {
        let (cert, key) = try await Self.selfSigned()
        try await withTestServer(["--tls-cert", cert, "--tls-key", key]) { server in
            let answer = try await Self.run(
                "curl", package: "curl", ["-sS", "--cacert", cert, "https://127.0.0.1:\(server.port)/health/live"])
            #expect(answer.status == 0)
            #expect(answer.output == #"{"status":"live"}"#)
            let plain = try await Self.run("curl", package: "curl", ["-sS", "http://127.0.0.1:\(server.port)/health/live"])
            #expect(plain.output != #"{"status":"live"}"#, "plain HTTP must not be served on the TLS port")
        }
    }

    @Test("an unreadable certificate or key is a usage error naming the option and the file")
    func badFiles() async throws {
        let (cert, key) = try await Self.selfSigned()
        let data = ["--data-dir", TemporaryRoot.directory("tls-cli").path]
        let missing = try await TestServer.run(["serve", "--tls-cert", "/nonexistent/cert.pem", "--tls-key", key] + data)
        #expect(missing.status == 64, "\(missing)")
        #expect(missing.stderr.hasPrefix("strata-server: --tls-cert /nonexistent/cert.pem: cannot read a PEM certificate"), "\(missing)")
        let keyAsCert = try await TestServer.run(["serve", "--tls-cert", cert, "--tls-key", cert] + data)
        #expect(keyAsCert.status == 64, "\(keyAsCert)")
        #expect(keyAsCert.stderr.hasPrefix("strata-server: --tls-key \(cert): cannot read a PEM private key"), "\(keyAsCert)")
        let alone = try await TestServer.run(["serve", "--tls-cert", cert] + data)
        #expect(alone.status == 64, "\(alone)")
        #expect(alone.stderr.contains("--tls-cert needs --tls-key"), "\(alone)")
    }
}
