public import StrataStore
/// Test support: how the SQLite store runs a query, so tests can pin that a page query reads
/// an index instead of scanning and sorting the table.
@_spi(Testing) public enum QueryPlan {
    /// The `EXPLAIN QUERY PLAN` detail lines (e.g. `SEARCH Sample USING INDEX … (name=?)`) of
    /// `query` as `store` would run it; `counting` explains `ValueObjectStore/count(_:)`.
    ///
    /// - Throws: `DataError` `invalidQuery` when `store` is not the live SQLite store, or
    ///   whatever the query itself would throw.
    public static func explain<Object: ValueObject>(
        _ query: Query<Object>, in store: any ValueObjectStore, counting: Bool = false
    ) async throws -> [String] {
        guard let store = store as? SQLiteStore else {
            throw DataError(.invalidQuery, "only the live SQLite store explains query plans; got \(type(of: store))")
        }
        return try await store.queryPlan(query, counting: counting)
    }
}
