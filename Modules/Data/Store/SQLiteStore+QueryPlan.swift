#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import StrataCrossCutting
import StrataStore

extension SQLiteStore {
    /// SQLite's plan for `query` exactly as ``query(_:)`` (or, with `counting`, ``count(_:)``)
    /// would run it: the `detail` column of `EXPLAIN QUERY PLAN`, one line per step (for a
    /// count the store keeps, the read of its `_strata_counts` row).
    func queryPlan<Object: ValueObject>(_ query: Query<Object>, counting: Bool) async throws -> [String] {
        try query.validate()
        let (cipher, now, viewer) = (database.cipher, database.clock.now().timeIntervalSince1970, viewer(for: query.scope))
        return try await database.perform { state in
            let table = try state.table(for: Object.self)
            guard table.exists else { return [] }
            let compiler = QueryCompiler(query: query, table: table, cipher: cipher, now: now, viewer: viewer)
            var (sql, bindings) = try counting ? compiler.count() : compiler.select()
            if counting, Self.readsKeptCount(query, table: table, now: now),
                try StoreCounts.count(StoreCounts.key(typeName: table.typeName), in: state.connection) != nil
            {
                (sql, bindings) = (StoreCounts.readSQL, [.text(StoreCounts.key(typeName: table.typeName))])
            }
            return try state.connection.withStatement("EXPLAIN QUERY PLAN " + sql) { statement in
                statement.bind(bindings)
                var details: [String] = []
                while try statement.step() { details.append(statement.text(at: 3)) }
                return details
            }
        }
    }
}
