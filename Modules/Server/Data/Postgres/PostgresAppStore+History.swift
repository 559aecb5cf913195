import PostgresNIO

/// The app version's history position (see ``AppObjectStore/head()``).
extension PostgresAppStore {
    func head() async throws -> Int64 {
        var statement = PostgresStatement()
        statement.append("SELECT COALESCE((SELECT value FROM app_counters WHERE app = \(statement.bind(app))), 0)::BIGINT")
        let rows = try await database.rows("reading the change counter of \(app)", statement)
        return try rows.first?.decode(Int64.self) ?? 0
    }
}
