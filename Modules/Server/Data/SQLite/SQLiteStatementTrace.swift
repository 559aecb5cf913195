import GRDB
import Synchronization

/// Test support: every distinct statement the server ran on its SQLite files, with the file it
/// ran on, in the order each first ran (GRDB's `trace` on every connection of every pool), so a
/// test can `EXPLAIN QUERY PLAN` each one. Given to ``SQLiteServerData/init(directory:logger:trace:)``;
/// production code never makes one.
///
/// The text is the statement's own SQL with its parameters unbound (`?`): one entry per
/// statement whatever the values. What a trigger runs is not recorded (GRDB reports it as a
/// `--` comment).
final class SQLiteStatementTrace: Sendable {
    /// One statement and the file (its path) it ran on.
    struct Statement: Hashable, Sendable {
        let file: String
        let sql: String
    }

    private let recorded = Mutex<(order: [Statement], seen: Set<Statement>)>(([], []))

    /// The distinct statements recorded so far, in the order each first ran.
    var statements: [Statement] { recorded.withLock { $0.order } }

    /// Records `sql` run on `file` unless it was recorded before, or is an `EXPLAIN` or a trigger's comment.
    func record(file: String, sql: String) {
        guard !sql.hasPrefix("--"), !sql.hasPrefix("EXPLAIN ") else { return }
        let statement = Statement(file: file, sql: sql)
        recorded.withLock { state in
            if state.seen.insert(statement).inserted { state.order.append(statement) }
        }
    }

    /// Makes every connection `configuration` opens on `file` report its statements here.
    func install(on configuration: inout Configuration, file: String) {
        configuration.prepareDatabase { [self] db in
            db.trace(options: .statement) { event in
                if case .statement(let statement) = event { self.record(file: file, sql: statement.sql) }
            }
        }
    }
}
