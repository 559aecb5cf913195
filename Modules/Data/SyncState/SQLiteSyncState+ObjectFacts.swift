import StrataJournal
import StrataStore

extension SQLiteSyncState {
    /// The most ids one statement binds (SQLite's smallest default limit is 999 parameters).
    static let factsBatch = 500

    func objectFacts(typeName: String, objectIDs: [String]) async throws -> [String: ObjectSyncFacts] {
        var seen: Set<String> = []
        let ids = objectIDs.filter { seen.insert($0).inserted }
        guard !ids.isEmpty else { return [:] }
        let signedIn = signedIn
        return try await database.perform { state in
            let user = signedIn()
            guard let table = state.tables[StoreState.tableKey(typeName)], table.exists else { return [:] }
            let connection = state.connection
            let journal = try Self.hasTable("_strata_journal", in: connection)
            let conflicts = try Self.hasTable("_strata_conflicts", in: connection)
            var facts: [String: ObjectSyncFacts] = [:]
            var start = 0
            while start < ids.count {
                let batch = Array(ids[start..<min(ids.count, start + Self.factsBatch)])
                start += batch.count
                let sql = Self.factsSQL(
                    table: table, count: batch.count, journal: journal, conflicts: conflicts)
                try connection.withStatement(sql) { statement in
                    statement.bind([.text(table.typeName)] + batch.map(FieldValue.text))
                    while try statement.step() {
                        let owner: String? = if case .text(let user) = statement.value(at: 1) { user } else { nil }
                        facts[statement.text(at: 0)] = ObjectSyncFacts(
                            ownerUser: owner, ownerAccount: owner != nil && owner == user?.userID ? user?.account : nil,
                            hasPendingChange: statement.int64(at: 2) != 0,
                            hasRejectedChange: statement.int64(at: 3) != 0, hasConflict: statement.int64(at: 4) != 0)
                    }
                }
            }
            return facts
        }
    }

    /// One statement reading, for `count` ids bound as `?2…`, each stored row's id, owner
    /// (`NULL` for a table without owners), and whether the journal has a pending (or in-flight)
    /// or rejected change of it and whether an open conflict names it; `?1` is the type's name.
    /// The journal's `(typeName, objectId, state)` index serves each test.
    static func factsSQL(table: TableDefinition, count: Int, journal: Bool, conflicts: Bool) -> String {
        let owner = table.hasOwnerColumns ? #"t."_ownerUser""# : "NULL"
        func change(_ condition: String) -> String {
            guard journal else { return "0" }
            return #"""
                EXISTS (SELECT 1 FROM "_strata_journal" AS j
                WHERE j."typeName" = ?1 AND j."objectId" = t."objectId" AND \#(condition))
                """#
        }
        let overwritten =
            conflicts
            ? #"""
            EXISTS (SELECT 1 FROM "_strata_conflicts" AS c
            WHERE c."typeName" = ?1 AND c."objectId" = t."objectId" AND c."settledAt" IS NULL)
            """# : "0"
        let placeholders = (0..<count).map { "?\($0 + 2)" }.joined(separator: ", ")
        return """
            SELECT t."objectId", \(owner),
            \(change(#"j."state" = 'pending'"#)),
            \(change(#"j."state" = 'rejected'"#)),
            (\(change(#"j."state" = 'rejected' AND j."current" IS NOT NULL"#)) OR \(overwritten))
            FROM \(TableDefinition.quote(table.typeName)) AS t WHERE t."objectId" IN (\(placeholders))
            """
    }

    /// Whether the store has the table `name` (a read-only store of an old format may not).
    static func hasTable(_ name: String, in connection: SQLiteConnection) throws -> Bool {
        try connection.withStatement(#"SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?1"#) { statement in
            statement.bind(name, at: 1)
            return try statement.step() && statement.int64(at: 0) > 0
        }
    }
}
