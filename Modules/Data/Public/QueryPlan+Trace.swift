import StrataStore
extension QueryPlan {
    /// Starts recording every statement the live store behind `layer` runs on its connection
    /// (store, journal, log, sync state: one connection), afresh; it goes on for as long as the
    /// layer lives. Maintenance (check, backup, recovery) opens connections of its own and is
    /// not recorded.
    ///
    /// - Throws: `DataError` `invalidQuery` when `layer` is not the live SQLite layer.
    public static func startTrace(_ layer: any DataLayer) async throws {
        try await database(of: layer).perform { state in state.connection.install(StatementTrace()) }
    }

    /// The distinct statements the store behind `layer` ran since ``startTrace(_:)``, in the
    /// order each first ran, with their parameters unbound (`?1`): one entry per statement
    /// whatever its values. A trigger's statements are recorded as the statement that fired it;
    /// ``explain(sql:in:)``'s own `EXPLAIN`s are not recorded. None when no trace was started.
    ///
    /// - Throws: `DataError` `invalidQuery` when `layer` is not the live SQLite layer.
    public static func tracedStatements(in layer: any DataLayer) async throws -> [String] {
        try await database(of: layer).perform { state in state.connection.trace?.statements ?? [] }
    }

    /// The `EXPLAIN QUERY PLAN` detail lines of `sql` (a statement ``tracedStatements(in:)`` listed,
    /// its parameters unbound) on the live store behind `layer`; none for a statement without
    /// a plan (`BEGIN`, DDL, most pragmas).
    ///
    /// - Throws: `DataError` `invalidQuery` when `layer` is not the live SQLite layer; what
    ///   SQLite says when it cannot prepare `sql` now (e.g. a migration's statement on a table
    ///   that no longer exists).
    public static func explain(sql: String, in layer: any DataLayer) async throws -> [String] {
        try await database(of: layer).perform { state in
            try state.connection.withStatement("EXPLAIN QUERY PLAN " + sql) { statement in
                var details: [String] = []
                while try statement.step() { details.append(statement.text(at: 3)) }
                return details
            }
        }
    }

    private static func database(of layer: any DataLayer) throws -> SQLiteDatabase {
        guard let store = layer.store as? SQLiteStore else {
            throw DataError(.invalidQuery, "only the live SQLite layer traces statements; got \(type(of: layer.store))")
        }
        return store.database
    }
}
