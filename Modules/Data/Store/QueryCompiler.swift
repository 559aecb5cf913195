import StrataStore
/// Turns a validated `Query` into SQL text built only from schema names, plus the values to
/// bind. Caller text (keys, values, patterns) never becomes SQL.
///
/// An encrypted key is compared through its keyed-hash column; a type with a lifespan only
/// ever returns rows stored after `now - lifespan`; a scoped query (`QueryScope`) only rows
/// whose recorded owner is `viewer` (or one of their groups).
struct QueryCompiler<Object: ValueObject> {
    let query: Query<Object>
    let table: TableDefinition
    let cipher: FieldCipher?
    let now: Double
    /// Who is signed in, for a scoped query (unused for `QueryScope/all`).
    var viewer = QueryViewer()

    /// `SELECT … WHERE … ORDER BY … LIMIT ? OFFSET ?` and its bindings.
    ///
    /// A `QueryScope/group` query of a signed-in user in groups is one `SELECT` per owner
    /// (the user's rows; each group's rows of others) joined by `UNION ALL` under the one
    /// `ORDER BY … LIMIT`: SQLite merges the branches in order, each read from an index that
    /// leads with its owner column (`CompoundIndex/ownerUser`, `CompoundIndex/ownerGroup`)
    /// when the type declares one, and stops after the page, where an `OR` of the two owner
    /// columns could only filter one index read in order.
    func select() throws -> (sql: String, bindings: [FieldValue]) {
        var bindings: [FieldValue] = []
        let from = "SELECT \(table.selectColumns) FROM \(TableDefinition.quote(table.typeName))"
        var clauses = try filterClauses(bindings: &bindings)
        var sql: String
        if let branches = groupBranches(bindings: &bindings) {
            sql = branches.map { branch in from + " WHERE " + (clauses + [branch]).joined(separator: " AND ") }
                .joined(separator: " UNION ALL ")
        } else {
            if let owner = ownerClause(bindings: &bindings) { clauses.append(owner) }
            sql = from + (clauses.isEmpty ? "" : " WHERE " + clauses.joined(separator: " AND "))
        }
        sql += " ORDER BY " + orderTerms().joined(separator: ", ")
        if let maxResults = query.maxResults {
            sql += " LIMIT ?\(bindings.count + 1) OFFSET ?\(bindings.count + 2)"
            bindings.append(.integer(Int64(maxResults)))
            bindings.append(.integer(Int64(query.offset)))
        }
        return (sql, bindings)
    }

    /// The ORDER BY terms: the sort keys up to and including the first on `objectId` (keys
    /// after a unique one change nothing), else the sort keys and `"objectId" ASC`, the
    /// tie-break. No term is repeated, so an index ending with `objectId` serves the order.
    private func orderTerms() -> [String] {
        var terms: [String] = []
        for sortKey in query.sortKeys {
            let key = schemaKey(sortKey.key)
            terms.append("\(TableDefinition.quote(key)) \(sortKey.order == .ascending ? "ASC" : "DESC")")
            if key == "objectId" { return terms }
        }
        return terms + ["\"objectId\" ASC"]
    }

    /// `SELECT count(*) … WHERE …` and its bindings.
    func count() throws -> (sql: String, bindings: [FieldValue]) {
        var (sql, bindings) = ("SELECT count(*) FROM \(TableDefinition.quote(table.typeName))", [FieldValue]())
        try appendWhere(to: &sql, bindings: &bindings)
        return (sql, bindings)
    }


    private func appendWhere(to sql: inout String, bindings: inout [FieldValue]) throws {
        var clauses = try filterClauses(bindings: &bindings)
        if let owner = ownerClause(bindings: &bindings) { clauses.append(owner) }
        if !clauses.isEmpty { sql += " WHERE " + clauses.joined(separator: " AND ") }
    }

    /// The conditions' clauses and the lifespan's, appending their values to `bindings`.
    private func filterClauses(bindings: inout [FieldValue]) throws -> [String] {
        var clauses: [String] = []
        for condition in query.conditions {
            let key = schemaKey(condition.key)
            let encrypted = Object.schema.isEncrypted(key)
            let column = TableDefinition.quote(encrypted ? TableDefinition.hashColumn(key) : key)
            if case .null = condition.value {
                clauses.append(condition.comparison == .equal ? "\(column) IS NULL" : "\(column) IS NOT NULL")
                continue
            }
            if encrypted {
                guard let cipher else {
                    throw DataError(.cannotOpen, "cannot query \(table.typeName).\(key): the store's key is missing")
                }
                let type = Object.schema.field(forKey: key)?.type ?? .text
                bindings.append(cipher.keyedHash(type.normalized(condition.value)))
            } else {
                bindings.append(condition.value)
            }
            clauses.append("\(column) \(Self.operatorText(condition.comparison)) ?\(bindings.count)")
        }
        if let cutoff = table.freshnessCutoff(now: now) {
            bindings.append(.real(cutoff))
            clauses.append("\"_storedAt\" >= ?\(bindings.count)")
        }
        return clauses
    }

    /// For a `QueryScope/group` query of a signed-in user in groups, the owner clause of each
    /// branch: the user's rows, then each group's rows owned by someone else (each row in one
    /// branch only); `nil` otherwise.
    private func groupBranches(bindings: inout [FieldValue]) -> [String]? {
        guard query.scope == .group, table.hasOwnerColumns, let id = viewer.user, !viewer.groups.isEmpty else { return nil }
        let (user, group) = (TableDefinition.quote(CompoundIndex.ownerUser), TableDefinition.quote(CompoundIndex.ownerGroup))
        bindings.append(.text(id))
        let mark = bindings.count
        var branches = ["\(user) = ?\(mark)"]
        var seen: Set<String> = []
        for groupID in viewer.groups where seen.insert(groupID).inserted {
            bindings.append(.text(groupID))
            branches.append("\(group) = ?\(bindings.count) AND \(user) IS NOT ?\(mark)")
        }
        return branches
    }

    /// The owner condition of a scoped query: `mine`, the rows owned by the viewer (by nobody
    /// when nobody is signed in); `group`, those and the rows of the viewer's groups.
    private func ownerClause(bindings: inout [FieldValue]) -> String? {
        guard query.scope != .all else { return nil }
        // A table from before owners were recorded: every row is unowned.
        guard table.hasOwnerColumns else { return viewer.user == nil ? nil : "0" }
        let user = TableDefinition.quote(CompoundIndex.ownerUser)
        guard let id = viewer.user else { return "\(user) IS NULL" }
        bindings.append(.text(id))
        let mine = "\(user) = ?\(bindings.count)"
        guard query.scope == .group, !viewer.groups.isEmpty else { return mine }
        var marks: [String] = []
        for group in viewer.groups {
            bindings.append(.text(group))
            marks.append("?\(bindings.count)")
        }
        return "(\(mine) OR \(TableDefinition.quote(CompoundIndex.ownerGroup)) IN (\(marks.joined(separator: ", "))))"
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
