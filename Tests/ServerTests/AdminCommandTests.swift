import Foundation
#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
import StrataTestSupport
import StrataWire
import Testing

@Suite("strata-server as a child process: admin commands and serve")
struct AdminCommandTests {
    @Test("admin commands create groups, users and apps; serve lets the new user log in with the printed key")
    func adminThenServe() async throws {
        let directory = TemporaryRoot.directory("server-cli").path
        let data = ["--data-dir", directory]
        #expect(try await TestServer.run(["admin", "group", "create", "nurses"] + data).status == 0)
        let user = try await TestServer.run(
            ["admin", "user", "create", "alice", "--password-stdin", "--group", "nurses:lead"] + data,
            stdin: "\(TestServer.password)\n")
        #expect(user.status == 0, "\(user)")
        #expect(user.stdout.contains("nurses:lead"))
        let app = try await TestServer.run(["admin", "app", "create", "org.example.cases", "--version", "1"] + data)
        #expect(app.status == 0, "\(app)")
        let key = try #require(
            app.stdout.split(separator: "\n").first { $0.hasPrefix("app key: ") }.map { String($0.dropFirst(9)) })
        let level = try await TestServer.run(["admin", "app", "log-level", "org.example.cases", "--version", "1", "monitor"] + data)
        #expect(level.status == 0, "\(level)")
        #expect(try await TestServer.run(["admin", "app", "list"] + data).stdout.contains("org.example.cases\t1\tmonitor"))
        #expect(try await TestServer.run(["admin", "push", "--group", "nurses", "--body", "hello"] + data).stdout == "sent to 0 devices\n")

        try await withTestServer(dataDirectory: URL(fileURLWithPath: directory)) { server in
            let client = server.client
            let login = try await client.login("alice", app: TestServer.App(id: "org.example.cases", version: "1", key: key))
            #expect(login.groups.map(\.groupName) == ["nurses"])
            let (_, config) = try await client.send("GET", WirePaths.config, token: login.token)
            #expect(try client.decode(AppConfig.self, config).logLevel == "monitor")
            let stopped = await server.stop()
            #expect(stopped.status == 0, "\(stopped)")
        }
    }

    @Test("each failure is one readable line on standard error and a non-zero exit")
    func failuresAreOneLine() async throws {
        let data = ["--data-dir", TemporaryRoot.directory("server-cli").path]
        #expect(try await TestServer.run(["admin", "group", "create", "nurses"] + data).status == 0)
        let outcomes = [
            try await TestServer.run(["admin", "group", "create", "nurses"] + data),
            try await TestServer.run(["admin", "user", "create", "bob", "--password", "short"] + data),
            try await TestServer.run(["admin", "user", "create", "bob", "--password", "long enough", "--group", "ghosts"] + data),
            try await TestServer.run(["admin", "app", "create", "../escape", "--version", "1"] + data),
            try await TestServer.run(["admin", "app", "log-level", "nope", "--version", "1", "loud"] + data),
            try await TestServer.run(["serve", "--port", "70000"] + data),
            try await TestServer.run(["serve", "--login-account-burst", "0"] + data),
            try await TestServer.run(["serve", "--login-address-per-minute", "nan"] + data),
            try await TestServer.run(["bogus"]),
        ]
        for outcome in outcomes {
            #expect(outcome.status != 0, "\(outcome)")
            let lines = outcome.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(outcome)")
            #expect(lines.first?.hasPrefix("strata-server: ") == true, "\(outcome)")
        }
    }

    @Test("a negative number for a serve option is a usage error naming the option and the value, not a missing value")
    func negativeServeOptions() async throws {
        let data = ["--data-dir", TemporaryRoot.directory("server-cli").path]
        for option in [
            "--port", "--token-lifetime", "--header-timeout", "--body-timeout", "--idle-timeout", "--max-connections",
            "--login-account-burst", "--login-account-per-minute", "--login-address-burst", "--login-address-per-minute",
        ] {
            let outcome = try await TestServer.run(["serve", option, "-1"] + data)
            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.stderr.hasPrefix("strata-server: \(option) -1"), "\(outcome)")
            #expect(!outcome.stderr.contains("Missing value"), "\(outcome)")
            #expect(outcome.stderr.split(separator: "\n").count == 1, "\(outcome)")
        }
    }

    @Test("serve on a port in use or an unknown host fails with one plain line, not the C call's text")
    func listenFailures() async throws {
        try await withTestServer([]) { server in
            let data = ["--data-dir", TemporaryRoot.directory("server-cli").path]
            let taken = try await TestServer.run(["serve", "--port", "\(server.port)"] + data)
            #expect(taken.status == 1, "\(taken)")
            #expect(taken.stderr == "strata-server: cannot listen on 127.0.0.1:\(server.port): Address already in use\n", "\(taken)")
            let unknown = try await TestServer.run(["serve", "--port", "0", "--host", "no-such-host.invalid"] + data)
            #expect(unknown.status == 1, "\(unknown)")
            #expect(
                unknown.stderr == "strata-server: cannot listen on no-such-host.invalid:0: --host no-such-host.invalid is no "
                    + "address or known host name\n", "\(unknown)")
        }
    }

    @Test("a data directory that cannot be created is named with the reason in words, never a Foundation error code")
    func uncreatableDataDirectory() async throws {
        let folder = TemporaryRoot.directory("server-cli")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("a-file")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("x".utf8)))
        let outcome = try await TestServer.run(["admin", "group", "create", "nurses", "--data-dir", file.path + "/data"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stderr.hasPrefix("strata-server: cannot create the data directory \(file.path)/data: "), "\(outcome)")
        #expect(outcome.stderr.contains("not a directory"), "\(outcome)")
        #expect(!outcome.stderr.contains("NSCocoaErrorDomain") && !outcome.stderr.contains("could not be completed"), "\(outcome)")
    }

    @Test("a token lifetime past ten years is a usage error: its validUntil would be no RFC 3339 date")
    func tokenLifetimeIsBounded() async throws {
        let data = ["--data-dir", TemporaryRoot.directory("server-cli").path]
        for lifetime in ["315360001", "9223372036854775807"] {
            let outcome = try await TestServer.run(["serve", "--token-lifetime", lifetime] + data)
            #expect(outcome.status == 64, "\(outcome)")
            #expect(outcome.stderr.hasPrefix("strata-server: --token-lifetime \(lifetime) is out of range"), "\(outcome)")
        }
    }

    @Test("a shutdown grace outside 1–3600 seconds is a usage error naming the option")
    func shutdownGraceIsBounded() async throws {
        let data = ["--data-dir", TemporaryRoot.directory("server-cli").path]
        for grace in ["0", "3601"] {
            let outcome = try await TestServer.run(["serve", "--shutdown-grace", grace] + data)
            #expect(outcome.status == 64, "\(outcome)")
            #expect(
                outcome.stderr.hasPrefix("strata-server: --shutdown-grace \(grace) is out of range; expected 1–3600 seconds"),
                "\(outcome)")
        }
    }
}
