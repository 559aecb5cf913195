#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import Logging
import StrataCrossCutting
import StrataStore

extension StoreState {
    /// Registers `schema`: checks the table, creates or migrates it on a writable store, purges
    /// expired rows, and remembers the SQL to use for it. A server-only type gets no table.
    func register<Object: ValueObject>(
        _ schema: ValueObjectSchema<Object>, owner: ObjectIdentifier, database: SQLiteDatabase
    ) throws {
        if let known = tables[Self.tableKey(schema.typeName)] {
            guard known.owner == owner else {
                throw DataError(
                    .invalidSchema,
                    "two different types use the value-object name \(schema.typeName) (SQLite compares table names "
                        + "ignoring case); names must be unique")
            }
        }
        guard schema.behaviour.keepsLocalRows else {
            remember(TableDefinition(for: schema, owner: owner, existingColumns: nil))
            return
        }
        let migrator = SchemaMigrator(schema: schema, connection: connection, logger: database.logger)
        var columns = try migrator.existingColumns()
        if let columns {
            try migrator.checkTypes(columns)
            // A cheap look for damage: reading the first row touches the table's root page, so
            // a store whose table is unreadable is found (and marked) before anything is written.
            try connection.withStatement("SELECT 1 FROM \(TableDefinition.quote(schema.typeName)) NOT INDEXED LIMIT 1") { statement in
                _ = try statement.step()
            }
        }
        if database.mode == .readWrite,
            !migrator.pendingChanges(
                columns: columns, indexes: try migrator.existingIndexes(), counted: try migrator.hasCountTriggers()
            ).isEmpty
        {
            try connection.writeTransaction {
                // Another process may have migrated while we looked: look again under the write lock.
                let fresh = try migrator.existingColumns()
                if let fresh { try migrator.checkTypes(fresh) }
                try migrator.apply(
                    migrator.pendingChanges(
                        columns: fresh, indexes: try migrator.existingIndexes(), counted: try migrator.hasCountTriggers()))
                try migrator.finishMigration(now: database.clock.now().timeIntervalSince1970, cipher: database.cipher)
            }
            columns = try migrator.existingColumns()
            database.logger.info("registered \(schema.typeName) (table created or migrated)")
        }
        let table = TableDefinition(for: schema, owner: owner, existingColumns: columns.map { Set($0.keys) })
        remember(table)
        // Rows saved while the type was local only (a store of format 5 or older) go now, once.
        if database.mode == .readWrite { try LocalOnlyRows.journal(table, schema: schema, state: self, database: database) }
        if database.mode == .readWrite, table.behaviour.lifespan != nil {
            defer { touchedTypes.removeAll() }
            try connection.writeTransaction {
                try purgeExpired(table, now: database.clock.now().timeIntervalSince1970)
                try bumpTouchedTypeVersions()
            }
        }
    }

    /// Deletes rows older than the type's lifespan, except rows with changes still in the
    /// journal (those are kept until the changes are sent). Runs inside a write transaction.
    func purgeExpired(_ table: TableDefinition, now: Double) throws {
        guard table.exists, let cutoff = table.freshnessCutoff(now: now) else { return }
        lastPurge[table.typeName] = now
        let sql = """
            DELETE FROM \(TableDefinition.quote(table.typeName)) WHERE "_storedAt" < ?1 AND "objectId" NOT IN (
                SELECT "objectId" FROM "_strata_journal" WHERE "typeName" = ?2)
            """
        try connection.withStatement(sql) { statement in
            statement.bind(.real(cutoff), at: 1)
            statement.bind(table.typeName, at: 2)
            try statement.step()
        }
        if connection.changes > 0 {
            touch(table.typeName)
            if table.behaviour.persistentType == .localAndServer {
                try ServerVersions.forgetMissing(table.typeName, table: TableDefinition.quote(table.typeName), in: connection)
            }
        }
    }

    /// Purges `table` if it has a lifespan and was not purged in the last minute.
    func purgeExpiredPeriodically(_ table: TableDefinition, now: Double) throws {
        guard table.behaviour.lifespan != nil, now - (lastPurge[table.typeName] ?? 0) >= 60 else { return }
        try purgeExpired(table, now: now)
    }
}
