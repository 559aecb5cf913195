import StrataServerData
import StrataTestSupport

/// A database for planning the server's statements as PostgreSQL really plans them: a new one
/// on the test cluster with the server's schema, `table` filled by `fill`, and autovacuum kept
/// off it, so its statistics are gathered only when a test says `ANALYZE`.
enum PlannedDatabase {
    static func with(_ table: String, filledBy fill: String, _ body: (String) async throws -> Void) async throws {
        try await TestPostgres.withDatabase { url in
            let data = try await ServerDataFactory.postgres(url: url, logger: ServerScenario.logger)
            try await data.close()
            try await TestPostgres.execute("ALTER TABLE \(table) SET (autovacuum_enabled = false);\n\(fill)", in: url)
            try await body(url)
        }
    }
}
