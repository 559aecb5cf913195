import Foundation
import Logging
import PostgresNIO

/// Questions to a test database asked on a connection of the test's own, in process.
///
/// Not through `psql`: ``TestPostgres`` runs a few `psql` children at a time, and in the parallel
/// run a check queued there behind every other test's `CREATE DATABASE` for longer than the
/// server's 30 s bound on one statement, so the write a test held open was never released in
/// time and the second write, waiting for its lock, failed (`clientClosedConnection`).
enum PostgresActivity {
    /// Whether `condition` (an SQL boolean expression) holds in the database `url` names (a URL
    /// of ``TestPostgres``' cluster, without TLS) now; `false` when it cannot be asked.
    static func holds(_ condition: String, in url: String) async -> Bool {
        let rows = try? await withConnection(url) { connection, logger in
            try await connection.query(PostgresQuery(unsafeSQL: "SELECT (\(condition))::boolean"), logger: logger).collect()
        }
        return (try? rows?.first?.decode(Bool.self)) == true
    }

    /// Runs `sql` in the database `url` names, in process: for a step a held statement of the
    /// server waits for (opening a gate), which must not queue behind `psql`'s slots either.
    static func execute(_ sql: String, in url: String) async throws {
        _ = try await withConnection(url) { connection, logger in
            try await connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).collect()
        }
    }

    /// Runs `body` on a new connection to `url`, closed after it whatever it does.
    private static func withConnection<T: Sendable>(
        _ url: String, _ body: (PostgresConnection, Logger) async throws -> T
    ) async throws -> T {
        guard let configuration = configuration(url) else {
            throw NotADatabaseURL(description: "not a PostgreSQL URL with a host and a user: \(url)")
        }
        let logger = Logger(label: "strata-test-postgres-activity") { _ in SwiftLogNoOpLogHandler() }
        let connection = try await PostgresConnection.connect(configuration: configuration, id: 1, logger: logger)
        do {
            let result = try await body(connection, logger)
            try? await connection.close()
            return result
        } catch {
            try? await connection.close()
            throw error
        }
    }

    /// A URL ``execute(_:in:)`` cannot connect with.
    struct NotADatabaseURL: Error, CustomStringConvertible {
        let description: String
    }

    /// The connection `url` describes: host, port, user, password and database.
    private static func configuration(_ url: String) -> PostgresConnection.Configuration? {
        guard let components = URLComponents(string: url), let host = components.host, let user = components.user else { return nil }
        let database = String(components.path.drop { $0 == "/" })
        return PostgresConnection.Configuration(
            host: host, port: components.port ?? 5432, username: user, password: components.password, database: database,
            tls: .disable)
    }
}
