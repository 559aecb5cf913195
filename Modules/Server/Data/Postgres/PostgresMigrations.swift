import Logging
import PostgresNIO

/// The PostgreSQL schema as an ordered list of migrations, each recorded in `strata_migrations`
/// (number, name, applied_at).
///
/// The pending ones run in one transaction that first takes a transaction-level advisory lock:
/// two instances starting at once run each migration once (the second waits, then finds them
/// applied), and a failure leaves all of them or none. A database whose newest migration is
/// newer than this binary's is refused, naming both versions.
struct PostgresMigrations: Sendable {
    /// A migration's name, and its statements.
    typealias Migration = (name: String, sql: [String])

    /// The migrations, oldest first; never reorder or remove one, only append.
    let migrations: [Migration]

    /// The advisory lock's key ("strata" in ASCII): any number, the same for every instance.
    static let lockKey: Int64 = 0x7374_7261_7461

    /// Applies the pending migrations; returns the names of those it applied (none: up to date).
    func run(on database: ServerPostgres) async throws -> [String] {
        let count = migrations.count
        let all = migrations
        return try await database.transaction("applying the database migrations") { connection in
            let logger = database.logger
            var lock = PostgresStatement()
            lock.append("SELECT pg_advisory_xact_lock(\(lock.bind(Self.lockKey)))")
            // Unbounded: another instance may hold the lock while it migrates, and a migration
            // may rightly take long (``ServerPostgres/statementTimeout`` is for requests).
            try await connection.rows(lock, logger: logger, within: nil)
            try await connection.rows(
                PostgresStatement(
                    """
                    CREATE TABLE IF NOT EXISTS strata_migrations (
                        number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())
                    """), logger: logger)
            let rows = try await connection.rows(
                PostgresStatement("SELECT COALESCE(MAX(number), 0)::BIGINT FROM strata_migrations"), logger: logger)
            let applied = Int(try rows.first?.decode(Int64.self) ?? 0)
            guard applied <= count else {
                throw ServerDataError(
                    .cannotOpen,
                    "the database has schema version \(applied), newer than this server's \(count); run a newer strata-server")
            }
            var names: [String] = []
            for (index, migration) in all.enumerated().dropFirst(applied) {
                do {
                    for sql in migration.sql { try await connection.rows(PostgresStatement(sql), logger: logger, within: nil) }
                } catch let error as PSQLError {
                    throw ServerDataError(
                        .cannotOpen, "migration \(index + 1) (\(migration.name)) failed: \(ServerPostgres.describe(error))")
                }
                var record = PostgresStatement()
                record.append(
                    "INSERT INTO strata_migrations (number, name) VALUES (\(record.bind(index + 1)), \(record.bind(migration.name)))")
                try await connection.rows(record, logger: logger)
                names.append("\(index + 1) \(migration.name)")
            }
            return names
        }
    }
}
