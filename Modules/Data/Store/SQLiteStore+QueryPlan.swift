#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting

extension SQLiteStore {
    /// SQLite's plan for `query` exactly as ``query(_:)`` (or, with `counting`, ``count(_:)``)
    /// would run it: the `detail` column of `EXPLAIN QUERY PLAN`, one line per step.
    func queryPlan<Object: ValueObject>(_ query: Query<Object>, counting: Bool) async throws -> [String] {
        try query.validate()
        let (cipher, now) = (database.cipher, database.clock.now().timeIntervalSince1970)
        return try await database.perform { state in
            let table = try state.table(for: Object.self)
            guard table.exists else { return [] }
            let compiler = QueryCompiler(query: query, table: table, cipher: cipher, now: now)
            let (sql, bindings) = try counting ? compiler.count() : compiler.select()
            return try state.connection.withStatement("EXPLAIN QUERY PLAN " + sql) { statement in
                statement.bind(bindings)
                var details: [String] = []
                while try statement.step() { details.append(statement.text(at: 3)) }
                return details
            }
        }
    }
}
