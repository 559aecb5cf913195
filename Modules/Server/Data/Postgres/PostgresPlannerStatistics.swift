import Logging
import PostgresNIO
import Synchronization

/// Whether PostgreSQL's planner has statistics for `objects`, which decides how a push batch
/// looks its objects up (``PostgresAppTransaction``), and the one `ANALYZE` the server runs
/// when it has none.
///
/// A batch's objects are found fastest by one probe of `objects_pkey` per id
/// (``PostgresAppTransaction/objectProbesSQL(app:type:ids:)``). The planner takes that path
/// only when it knows how many rows an app's type has. Without statistics (a new database, a
/// restored one, any table before autovacuum's first `ANALYZE`) it guesses the app and the
/// type match one row, so every index beginning with them looks as good as the key, and it
/// probed through `objects_by_group`, reading the whole type once per id (8.5 s per batch of
/// 1,000 on 50,000 rows). So until statistics exist the batch asks with `= ANY`, which reads
/// the type at most once per batch (18 ms on 50,000 rows, more as the type grows; the probes
/// take 6.7 ms), and the first write that leaves rows in `objects` starts an `ANALYZE` of its
/// own, in the background, so nothing waits for it.
///
/// Statistics once present stay (autovacuum refreshes them as the table grows); a server
/// whose role may not analyze the table (not its owner) keeps asking with `= ANY`, and says
/// so once.
final class PostgresPlannerStatistics: Sendable {
    private enum State {
        /// Not checked since the process started, or `objects` was empty when checked.
        case unknown
        /// A check (and perhaps its `ANALYZE`) runs.
        case checking(Task<Void, Never>)
        /// The planner has statistics for `objects`: the look-ups probe the key.
        case present
        /// `ANALYZE` gave none (the role may not analyze the table): `= ANY` from now on.
        case unavailable
    }

    private let state = Mutex<State>(.unknown)

    /// Whether a batch's objects are looked up by one probe of the key per id.
    var probesObjects: Bool {
        state.withLock { if case .present = $0 { true } else { false } }
    }

    /// Called after a transaction that saved objects committed: unless statistics are known to
    /// be present (or known to be out of reach), checks for them and, when there are none,
    /// runs `ANALYZE objects`; in the background, one check at a time (an empty table gives
    /// none, so the next write checks again).
    func wroteObjects(in database: ServerPostgres) {
        state.withLock { state in
            guard case .unknown = state else { return }
            state = .checking(Task { await self.check(database) })
        }
    }

    /// Waits for a check that runs (the database is closing).
    func close() async {
        let running: Task<Void, Never>? = state.withLock { state in
            if case .checking(let task) = state { task } else { nil }
        }
        await running?.value
    }

    private func check(_ database: ServerPostgres) async {
        let outcome: State
        do {
            outcome = try await Self.analyzeIfNeeded(database)
        } catch {
            database.logger.debug("could not check the planner's statistics for objects", metadata: ["error": "\(error)"])
            outcome = .unknown
        }
        if case .unavailable = outcome {
            database.logger.notice(
                """
                PostgreSQL has no planner statistics for the objects table and ANALYZE gave none (is the server's role \
                the table's owner?): a push looks its objects up by type until autovacuum analyzes the table
                """)
        }
        state.withLock { $0 = outcome }
    }

    /// `present` when the planner has statistics for `objects` (after an `ANALYZE` this
    /// started, if it had none), `unknown` when the table was empty, `unavailable` when
    /// `ANALYZE` gave none for a table with rows (or was skipped: the role does not own it).
    private static func analyzeIfNeeded(_ database: ServerPostgres) async throws -> State {
        if try await statistics(database).present { return .present }
        try await database.rows("analyzing objects", PostgresStatement("ANALYZE objects"))
        let after = try await statistics(database)
        return after.present ? .present : after.rows == 0 ? .unknown : .unavailable
    }

    /// Whether `pg_stats` has the planner's figures for `objects.type_name`, and the rows the
    /// catalog counts (`-1`: never analyzed nor vacuumed; `0`: empty when last analyzed).
    private static func statistics(_ database: ServerPostgres) async throws -> (present: Bool, rows: Double) {
        let sql = """
            SELECT EXISTS (SELECT 1 FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'objects'
                AND attname = 'type_name'), (SELECT reltuples::float8 FROM pg_class WHERE oid = 'objects'::regclass)
            """
        let rows = try await database.rows("reading the planner's statistics", PostgresStatement(sql))
        guard let row = rows.first else { return (false, -1) }
        let (present, count) = try row.decode((Bool, Double?).self)
        return (present, count ?? -1)
    }
}
