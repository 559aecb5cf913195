import CSQLite
import Synchronization

/// Test support: every distinct SQL statement a store's connection ran while tracing (SQLite's
/// `sqlite3_trace_v2` with `SQLITE_TRACE_STMT`), in the order first run, so a test can
/// `EXPLAIN QUERY PLAN` each one (see ``QueryPlan/startTrace(_:)``).
///
/// The text is each statement's own SQL (`sqlite3_sql`), its parameters unbound: one entry per
/// statement whatever the values. A statement a trigger runs is recorded as the statement that
/// fired it. The `EXPLAIN` statements of ``QueryPlan`` itself are not recorded.
final class StatementTrace: Sendable {
    private let recorded = Mutex<(order: [String], seen: Set<String>)>(([], []))

    init() {}

    /// The distinct statements recorded so far, in the order each first ran.
    var statements: [String] { recorded.withLock { $0.order } }

    /// Records `sql` unless it was recorded before (or is an `EXPLAIN`).
    func record(_ sql: String) {
        guard !sql.hasPrefix("EXPLAIN ") else { return }
        recorded.withLock { state in
            if state.seen.insert(sql).inserted { state.order.append(sql) }
        }
    }
}

extension SQLiteConnection {
    /// Sends every statement this connection runs from now on to `trace` (`nil`: stops). The
    /// connection keeps `trace` alive while it is installed (see ``trace``).
    func install(_ trace: StatementTrace?) {
        self.trace = trace
        guard let trace else {
            sqlite3_trace_v2(handle, 0, nil, nil)
            return
        }
        // The callback runs on the thread stepping the statement, inside `sqlite3_step`; the
        // context is `trace`, kept alive by `self.trace` until the next install or the close.
        sqlite3_trace_v2(
            handle, UInt32(SQLITE_TRACE_STMT),
            { _, context, statement, _ in
                guard let context, let statement, let text = sqlite3_sql(OpaquePointer(statement)) else { return 0 }
                Unmanaged<StatementTrace>.fromOpaque(context).takeUnretainedValue().record(String(cString: text))
                return 0
            }, Unmanaged.passUnretained(trace).toOpaque())
    }
}
