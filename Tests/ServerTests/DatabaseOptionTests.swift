import Foundation
import StrataTestSupport
import StrataWire
import Testing

@Suite("strata-server --database and STRATA_DATABASE_URL: PostgreSQL beside the SQLite data directory")
struct DatabaseOptionTests {
    @Test("migrate applies every migration once and says which; run again it says the storage is up to date", arguments: TestEngine.allCases)
    func migrate(engine: TestEngine) async throws {
        let storage = ["--data-dir", TemporaryRoot.directory("migrate").path] + (try await engine.databaseArguments())
        let first = try await TestServer.run(["migrate"] + storage)
        #expect(first.status == 0, "\(first)")
        #expect(first.stdout.hasPrefix("applied "), "\(first)")
        #expect(first.stdout.contains("1 "), "\(first)")
        let second = try await TestServer.run(["migrate"] + storage)
        #expect(second.status == 0, "\(second)")
        #expect(second.stdout.contains("is up to date: no migration was pending"), "\(second)")
    }

    @Test("a bad database URL is one usage line (64) naming where it came from and what was expected, never its password")
    func badURL() async throws {
        let bad = try await TestServer.run(["migrate", "--database", "mysql://admin:hunter2@db/strata"])
        #expect(bad.status == 64, "\(bad)")
        #expect(bad.stderrLines.count == 1, "\(bad)")
        #expect(bad.stderr.contains("--database: "), "\(bad)")
        #expect(bad.stderr.contains("expected postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE"), "\(bad)")
        #expect(!bad.stderr.contains("hunter2") && !bad.stdout.contains("hunter2"), "\(bad)")
        let environment = try await StrataProcess("strata-server", home: nil, extraEnvironment: ["STRATA_DATABASE_URL": "postgres://u:hunter2@db"])
            .run(["admin", "group", "list"])
        #expect(environment.status == 64, "\(environment)")
        #expect(environment.stderr.contains("STRATA_DATABASE_URL: "), "\(environment)")
        #expect(!environment.stderr.contains("hunter2"), "\(environment)")
    }

    @Test("admin commands and serve run on PostgreSQL from --database or STRATA_DATABASE_URL; the data directory stays empty")
    func serveOnPostgres() async throws {
        let url = try await TestPostgres.database()
        let directory = TemporaryRoot.directory("unused")
        let viaEnvironment = try await StrataProcess("strata-server", home: nil, extraEnvironment: ["STRATA_DATABASE_URL": url])
            .run(["admin", "group", "create", "doctors", "--data-dir", directory.path])
        #expect(viaEnvironment.status == 0, "\(viaEnvironment)")
        try await withTestServer(dataDirectory: directory, user: true, database: url) { server in
            #expect(try await server.admin(["group", "list"]).contains("doctors"))
            let app = try #require(server.app)
            let login = try await server.client.login("alice", app: app)
            #expect(login.groups.map(\.groupName) == ["nurses"])
            let stopped = await server.stop()
            #expect(stopped.status == 0, "\(stopped)")
        }
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(!files.contains("control.sqlite"), "\(files)")
    }

    @Test("TLS to PostgreSQL: verify-full trusting the server's root serves over TLS; an untrusted certificate or a bad sslrootcert is refused in one line")
    func tlsToPostgres() async throws {
        let url = try await TestPostgres.database()
        let verified = try await TestPostgres.tls(url)
        try await withTestServer(user: true, database: verified) { server in
            _ = try await server.login()
            let sessions = """
                SELECT COUNT(*) || ' ' || bool_and(s.ssl) FROM pg_stat_ssl s JOIN pg_stat_activity a USING (pid)
                WHERE a.datname = current_database() AND a.pid <> pg_backend_pid() AND a.backend_type = 'client backend'
                """
            let answer = try await TestPostgres.query(sessions, in: url)
            #expect(answer.hasSuffix(" true") && !answer.hasPrefix("0 "), "the server's connections: \(answer)")
        }
        // The system's roots do not know the test cluster's self-signed certificate.
        let untrusted = try await TestServer.run(["admin", "group", "list", "--database", try await TestPostgres.tls(url, trusting: false)])
        #expect(untrusted.status != 0, "\(untrusted)")
        #expect(untrusted.stderrLines.count == 1, "\(untrusted)")
        #expect(untrusted.stderr.contains("its TLS certificate is not trusted by this system (sslmode=verify-full)"), "\(untrusted)")
        // require without a root: encrypted, unverified, as libpq does.
        let required = try await TestServer.run(["admin", "group", "list", "--database", try await TestPostgres.tls(url, sslmode: "require", trusting: false)])
        #expect(required.status == 0, "\(required)")
        for (option, expected) in [
            ("sslmode=verify-everything", "is not one of disable, allow, prefer, require, verify-ca, verify-full"),
            ("sslmode=require&sslrootcert=/nonexistent/root.pem", "sslrootcert file '/nonexistent/root.pem' cannot be read"),
            ("sslmode=require&sslrootcert=/etc/hostname", "holds no PEM certificate"),
            ("sslcert=/tmp/x", "option 'sslcert' is not supported; expected sslmode, sslrootcert or connect_timeout"),
            ("connect_timeout=0", "connect_timeout '0' is not a whole number of seconds from 1 to 600"),
            ("connect_timeout=soon", "connect_timeout 'soon' is not a whole number of seconds from 1 to 600"),
        ] {
            let bad = try await TestServer.run(["migrate", "--database", "postgres://u:hunter2@127.0.0.1/db?\(option)"])
            #expect(bad.status == 64, "\(option): \(bad)")
            #expect(bad.stderrLines.count == 1 && bad.stderr.contains(expected), "\(option): \(bad)")
            #expect(!bad.stderr.contains("hunter2"), "\(bad)")
        }
    }

    @Test("a database that refuses the connection or the login fails the command at once in one line naming why (it used to wait forever)")
    func unreachableDatabaseFailsAtOnce() async throws {
        let url = try #require(URLComponents(string: try await TestPostgres.database()))
        var wrongPassword = url
        wrongPassword.password = "not-the-password"
        var nobodyListens = url
        nobodyListens.port = 1
        for (components, expected) in [
            (wrongPassword, "password authentication failed for user \"strata\""),
            (nobodyListens, "the connection was refused: nothing listens on 127.0.0.1:1"),
        ] {
            let started = ContinuousClock.now
            let outcome = try await TestServer.run(["admin", "group", "list", "--database", components.string ?? ""])
            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderrLines.count == 1 && outcome.stderr.contains("cannot connect to PostgreSQL at 127.0.0.1:"), "\(outcome)")
            #expect(outcome.stderr.contains(expected), "\(outcome)")
            #expect(!outcome.stderr.contains("not-the-password"), "\(outcome)")
            #expect(ContinuousClock.now - started < .seconds(30), "it waited instead of failing")
        }
    }
}
