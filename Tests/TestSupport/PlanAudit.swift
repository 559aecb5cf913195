import Foundation

/// Judges the plans of every statement a scenario ran (see `StatementPlanTests` and
/// `ServerStatementPlanTests`): a statement fails when its plan reads a whole table that grows
/// with users' data, unless ``PlanAllowList`` says why that is fine.
///
/// What counts as reading a whole table:
/// - SQLite (`EXPLAIN QUERY PLAN` detail lines): `SCAN <table>`, with or without an index
///   (every row, or every entry of an index), unless the statement reads a page in an order
///   (`ORDER BY … LIMIT`) with no filter but a lifespan's and its plan sorts nothing (no
///   temporary B-tree): rows then come in the order asked and the scan stops after the page. A
///   `SEARCH` reads a range of an index and is fine; so is a scan of a virtual table
///   (`json_each`) or of a subquery's rows.
/// - PostgreSQL (`EXPLAIN` with `enable_seqscan = off`): a `Seq Scan on <table>` that remains
///   when sequential scans are priced out means no index can serve the statement; an index
///   scan without an `Index Cond` reads every entry of its index (unless a `Limit` without a
///   `Sort` stops it after a page).
public enum PlanAudit {
    /// One statement whose plan reads a growing table whole.
    public struct Finding: CustomStringConvertible, Sendable {
        /// The statement (parameters unbound, or as PostgreSQL normalised it).
        public let statement: String
        /// Its plan, as the engine printed it.
        public let plan: [String]
        /// The growing tables it reads whole.
        public let tables: [String]

        /// The statement, the tables and the plan, for a failure message.
        public var description: String {
            "scans \(tables.joined(separator: ", ")) in:\n    \(statement.split(separator: "\n").joined(separator: "\n    "))\n"
                + "  plan:\n    \(plan.joined(separator: "\n    "))"
        }
    }

    /// The growing tables the SQLite plan `plan` of `sql` reads whole (see ``PlanAudit``),
    /// minus what ``PlanAllowList`` allows.
    public static func sqlite(sql: String, plan: [String]) -> Finding? {
        let aliases = tableAliases(sql)
        let limited = isUnfilteredPage(sql)
        let sorted = plan.contains { $0.contains("TEMP B-TREE") }
        var tables: [String] = []
        for line in plan where line.hasPrefix("SCAN ") && !line.contains("VIRTUAL TABLE") {
            let name = String(line.dropFirst(5).prefix { $0 != " " })
            guard !name.hasPrefix("("), name != "CONSTANT" else { continue }
            // Rows in the order asked (no sort after) and a LIMIT: the scan stops after the page.
            if limited && !sorted { continue }
            tables.append(aliases[name.lowercased()] ?? name)
        }
        return finding(sql, plan, tables)
    }

    /// The growing tables the PostgreSQL plan `plan` (`EXPLAIN` text, one node a line) of
    /// `sql` reads with a sequential scan, minus what ``PlanAllowList`` allows.
    public static func postgres(sql: String, plan: String) -> Finding? {
        let lines = plan.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let page = lines.contains { $0.hasPrefix("Limit") } && !lines.contains { $0.hasPrefix("Sort") || $0.contains("->  Sort") }
        var tables: [String] = []
        for (index, line) in lines.enumerated() {
            if let range = line.range(of: "Seq Scan on ") {
                tables.append(String(line[range.upperBound...].prefix { $0 != " " }))
            } else if line.contains("Index Scan using ") || line.contains("Index Only Scan using "), let on = line.range(of: " on ") {
                // An index scan without an Index Cond reads every entry of the index (unless a
                // Limit stops it after a page in the index's order).
                let properties = lines[(index + 1)...].prefix { !$0.hasPrefix("->") }
                guard !page, !properties.contains(where: { $0.hasPrefix("Index Cond:") }) else { continue }
                tables.append(String(line[on.upperBound...].prefix { $0 != " " }))
            }
        }
        return finding(sql, lines, tables)
    }

    /// Whether `sql` reads a page in an order (`ORDER BY … LIMIT`) with no filter but the
    /// lifespan's (`"_storedAt" >= ?`, true of nearly every row): a scan in that order stops
    /// after the page. With any other filter the scan may read every row to fill the page.
    static func isUnfilteredPage(_ sql: String) -> Bool {
        guard let order = sql.range(of: "ORDER BY", options: [.caseInsensitive, .backwards]),
            sql.range(of: #"\bLIMIT\b"#, options: [.regularExpression, .caseInsensitive], range: order.upperBound..<sql.endIndex) != nil
        else { return false }
        guard let filter = sql.range(of: #"\bWHERE\b"#, options: [.regularExpression, .caseInsensitive], range: sql.startIndex..<order.lowerBound)
        else { return true }
        let conditions = sql[filter.upperBound..<order.lowerBound]
            .replacingOccurrences(of: #""?_storedAt"?\s*>=\s*\?\d*"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: #"\bAND\b|[\s()]"#, with: "", options: [.regularExpression, .caseInsensitive])
        return conditions.isEmpty
    }

    private static func finding(_ sql: String, _ plan: [String], _ tables: [String]) -> Finding? {
        let growing = Array(Set(tables.filter { !PlanAllowList.allows(statement: sql, scanning: $0) })).sorted()
        return growing.isEmpty ? nil : Finding(statement: sql, plan: plan, tables: growing)
    }

    /// The tables `sql` names after `FROM`, `JOIN`, `UPDATE` or `INTO`, by alias and by name
    /// (lowercased), so a plan line naming an alias (`SCAN n`) names its table.
    static func tableAliases(_ sql: String) -> [String: String] {
        let keywords: Set<String> = [
            "where", "join", "left", "inner", "cross", "natural", "on", "group", "order", "limit", "union", "set", "indexed",
            "not", "using", "window", "having", "values", "select", "default", "as", "outer", "full", "right",
        ]
        var aliases: [String: String] = [:]
        let words = sql.replacingOccurrences(of: "\"", with: " ").components(separatedBy: CharacterSet.alphanumerics
            .union(CharacterSet(charactersIn: "_")).inverted).filter { !$0.isEmpty }
        for (index, word) in words.enumerated() where ["from", "join", "update", "into"].contains(word.lowercased()) {
            guard index + 1 < words.count else { continue }
            let table = words[index + 1]
            aliases[table.lowercased()] = table
            var next = index + 2
            if next < words.count, words[next].lowercased() == "as" { next += 1 }
            if next < words.count, !keywords.contains(words[next].lowercased()) { aliases[words[next].lowercased()] = table }
        }
        return aliases
    }
}
