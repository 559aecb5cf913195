/// Turns a validated ``Query`` into SQL text built only from schema names, plus the values to
/// bind. Caller text (keys, values, patterns) never becomes SQL.
struct QueryCompiler<Object: ValueObject> {
    let query: Query<Object>
    let table: TableDefinition

    /// `SELECT … WHERE … ORDER BY … LIMIT ? OFFSET ?` and its bindings.
    func select() -> (sql: String, bindings: [FieldValue]) {
        var (sql, bindings) = ("SELECT \(table.selectColumns) FROM \(TableDefinition.quote(table.typeName))", [FieldValue]())
        appendWhere(to: &sql, bindings: &bindings)
        let order = query.sortKeys.map { "\(TableDefinition.quote(schemaKey($0.key))) \($0.order == .ascending ? "ASC" : "DESC")" }
        sql += " ORDER BY " + (order + ["\"objectId\" ASC"]).joined(separator: ", ")
        if let maxResults = query.maxResults {
            sql += " LIMIT ?\(bindings.count + 1) OFFSET ?\(bindings.count + 2)"
            bindings.append(.integer(Int64(maxResults)))
            bindings.append(.integer(Int64(query.offset)))
        }
        return (sql, bindings)
    }

    /// `SELECT count(*) … WHERE …` and its bindings.
    func count() -> (sql: String, bindings: [FieldValue]) {
        var (sql, bindings) = ("SELECT count(*) FROM \(TableDefinition.quote(table.typeName))", [FieldValue]())
        appendWhere(to: &sql, bindings: &bindings)
        return (sql, bindings)
    }

    private func appendWhere(to sql: inout String, bindings: inout [FieldValue]) {
        guard !query.conditions.isEmpty else { return }
        let clauses = query.conditions.map { condition -> String in
            let column = TableDefinition.quote(schemaKey(condition.key))
            if case .null = condition.value {
                return condition.comparison == .equal ? "\(column) IS NULL" : "\(column) IS NOT NULL"
            }
            bindings.append(condition.value)
            return "\(column) \(Self.operatorText(condition.comparison)) ?\(bindings.count)"
        }
        sql += " WHERE " + clauses.joined(separator: " AND ")
    }

    /// The schema's own spelling of a key the query validated (never the caller's string).
    private func schemaKey(_ key: String) -> String {
        Object.schema.field(forKey: key)?.key ?? "objectId"
    }

    private static func operatorText(_ comparison: Comparison) -> String {
        switch comparison {
        case .equal: "="
        case .notEqual: "<>"
        case .greater: ">"
        case .greaterOrEqual: ">="
        case .less: "<"
        case .lessOrEqual: "<="
        case .like: "LIKE"
        }
    }
}
