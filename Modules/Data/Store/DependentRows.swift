import StrataStore

/// Deletes the rows that depend on deleted parents (`ValueObjectDependency`), inside the
/// caller's write transaction: a pull that deletes a parent, or a discarded insert, leaves no
/// orphan behind.
///
/// Dependents of dependents go too. A dependent's journal changes that are not in flight
/// (`pending` or `rejected`) are dropped with its row: its parent is gone on the server for
/// every user, so sending them could only be refused or leave an orphan there; one in flight
/// is left for the server to settle.
struct DependentRows {
    let state: StoreState
    /// Finds the rows of encrypted parent keys (through their keyed hash); `nil` without a key.
    let cipher: FieldCipher?

    /// Deletes every row naming one of `ids` of `parentType` in a parent key, their own
    /// dependents in turn, and their changes not in flight; returns how many rows went.
    @discardableResult
    func deleteDependents(of parentType: String, ids: [String]) throws -> Int {
        var deleted = 0
        var parents: [(type: String, ids: [String])] = [(parentType, ids)]
        while let (type, ids) = parents.popLast() {
            guard !ids.isEmpty else { continue }
            for table in state.tables.values where table.exists && table.behaviour.keepsLocalRows {
                for dependency in table.dependencies
                where StoreState.tableKey(dependency.parentType) == StoreState.tableKey(type) {
                    let children = try rows(of: table, key: dependency.key, encrypted: dependency.encrypted, naming: ids)
                    guard !children.isEmpty else { continue }
                    try delete(children, of: table)
                    deleted += children.count
                    parents.append((table.typeName, children))
                }
            }
        }
        return deleted
    }

    /// The ids of `table`'s rows whose `key` names one of `parents`.
    private func rows(of table: TableDefinition, key: String, encrypted: Bool, naming parents: [String]) throws -> [String] {
        let column = TableDefinition.quote(encrypted ? TableDefinition.hashColumn(key) : key)
        let sql = "SELECT \"objectId\" FROM \(TableDefinition.quote(table.typeName)) WHERE \(column) = ?1"
        var children: [String] = []
        try state.connection.withStatement(sql) { statement in
            for parent in parents {
                statement.rewind()
                if encrypted {
                    // Without the key no hash can be made, and no row can be found by it.
                    guard let cipher else { return }
                    statement.bind(cipher.keyedHash(.text(parent)), at: 1)
                } else {
                    statement.bind(parent, at: 1)
                }
                while try statement.step() { children.append(statement.text(at: 0)) }
            }
        }
        return children
    }

    /// Deletes `ids` of `table` and their journal changes that are not in flight.
    private func delete(_ ids: [String], of table: TableDefinition) throws {
        // A change in flight kept by reference (an insert) takes its values before the row goes.
        if table.behaviour.sendsChanges {
            try JournalStoredRow.keepValues(typeName: table.typeName, objectIDs: ids, state: state, cipher: cipher)
        }
        try state.connection.withStatement(table.deleteSQL) { statement in
            for id in ids {
                statement.rewind()
                statement.bind(id, at: 1)
                try statement.step()
            }
        }
        try ServerVersions.forget(table.typeName, ids, in: state.connection)
        let journal = """
            DELETE FROM "_strata_journal" WHERE "typeName" = ?1 AND "objectId" = ?2
              AND "sequence" NOT IN (SELECT "sequence" FROM "_strata_journal_claims")
            """
        try state.connection.withStatement(journal) { statement in
            for id in ids {
                statement.rewind()
                statement.bind(table.typeName, at: 1)
                statement.bind(id, at: 2)
                try statement.step()
            }
        }
        state.touch(table.typeName)
    }
}
