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
}
