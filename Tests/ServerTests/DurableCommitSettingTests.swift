import Foundation
@testable import StrataServerData
import StrataTestSupport
import Testing

/// An acknowledged change is on the disk: the server's own connections commit durably on both
/// engines, whatever the database's defaults (issue 26).
@Suite("durable commits: every server connection syncs its commits to the disk")
struct DurableCommitSettingTests {
    /// SQLite's `PRAGMA synchronous`: 2 is FULL.
    static let full = 2

    @Test("every connection to the control database and to an app version's database runs at synchronous FULL")
    func sqliteConnectionsSyncEveryCommit() async throws {
        let directory = TemporaryRoot.directory("durable-commit")
        let data = try await SQLiteServerData.open(directory: directory, logger: ServerScenario.logger)
        let control = try #require(data.control as? SQLiteControlStore).database
        let app = try #require(try await data.appStore(appId: "org.example.durable", version: "1") as? SQLiteAppStore).database
        for database in [control, app] {
            let (writer, reader) = try await database.synchronousSettings()
            #expect(writer == Self.full, "the writer of \(database.file) runs at synchronous \(writer)")
            #expect(reader == Self.full, "a reader of \(database.file) runs at synchronous \(reader)")
        }
        try await data.close()
    }

    @Test("the test cluster commits synchronously, and the server's sessions do even on a database set to synchronous_commit off")
    func postgresSessionsCommitSynchronously() async throws {
        try await TestPostgres.withDatabase { url in
            #expect(try await TestPostgres.query("SHOW synchronous_commit", in: url) == "on")
            let name = try #require(URLComponents(string: url)?.path.dropFirst())
            try await TestPostgres.execute("ALTER DATABASE \(name) SET synchronous_commit = off", in: url)
            #expect(try await TestPostgres.query("SHOW synchronous_commit", in: url) == "off")
            let data = try #require(try await ServerDataFactory.postgres(url: url, logger: ServerScenario.logger) as? PostgresServerData)
            #expect(try await data.database.sessionSetting("synchronous_commit") == "on")
            try await data.close()
        }
    }
}
