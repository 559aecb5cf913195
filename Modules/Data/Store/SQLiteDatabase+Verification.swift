import StrataCrossCutting
import StrataStore

extension SQLiteDatabase {
    /// Looks for damage the statements of this process might never pass, as `verification`
    /// says: every page with SQLite's `quick_check`, or, above a budget, the schema and the
    /// small tables a summary reads (`quick_check(<table>)`). A writer marks the store
    /// damaged (``DamageMarker``); a reader writes nothing.
    ///
    /// - Throws: `DataError` `damaged` naming the file and SQLite's first complaint.
    func verifyPages(_ verification: PageVerification = .everyPage) throws {
        try withState { state in
            let connection = state.connection
            let checks: [String]
            switch verification {
            case .none:
                return
            case .everyPage:
                checks = ["PRAGMA quick_check(1)"]
            case .upTo(let budget):
                let size = try connection.integer("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size")
                if size <= budget {
                    checks = ["PRAGMA quick_check(1)"]
                } else {
                    let small = try connection.withStatement(
                        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name IN ('_strata_counts', '_strata_settings') ORDER BY name"
                    ) { statement in
                        var names: [String] = []
                        while try statement.step() { names.append(statement.text(at: 0)) }
                        return names
                    }
                    checks = (["sqlite_schema"] + small).map { "PRAGMA quick_check(\(TableDefinition.quote($0)))" }
                }
            }
            for sql in checks {
                // A writer's connection marks the store for every process; a reader's only reports.
                if let problem = try Self.firstProblem(sql, connection) { throw connection.damaged(problem) }
            }
        }
    }

    /// The first complaint of a `quick_check` statement, or `nil` when it says "ok".
    private static func firstProblem(_ sql: String, _ connection: SQLiteConnection) throws -> String? {
        try connection.withStatement(sql) { statement -> String? in
            guard try statement.step() else { return nil }
            let row = statement.text(at: 0)
            guard row != "ok" else { return nil }
            let lines = row.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("*** in database ") }
            return lines.isEmpty ? row : lines.joined(separator: "; ")
        }
    }
}
